// The concept lexicon: every concept recall knows (see concept.ts for what one is), one file per domain.
import { API } from "./api.ts";
import { BUILD } from "./build.ts";
import { COMMERCE } from "./commerce.ts";
import type { Concept } from "./concept.ts";
import { DATA_PIPELINES } from "./datapipelines.ts";
import { DATASTORES } from "./datastores.ts";
import { DEVENV } from "./devenv.ts";
import { ENVIRONMENTS } from "./environments.ts";
import { FEATURES } from "./features.ts";
import { FRAMEWORKS } from "./frameworks.ts";
import { INFRA } from "./infra.ts";
import { LANGUAGES } from "./languages.ts";
import { LIFE_ADMIN } from "./life-admin.ts";
import { LIFE_HEALTH } from "./life-health.ts";
import { LIFE_HOBBIES } from "./life-hobbies.ts";
import { LIFE_PEOPLE } from "./life-people.ts";
import { LIFE_TRAVEL_FOOD } from "./life-travel-food.ts";
import { OPERATIONS } from "./operations.ts";
import { PACKAGES } from "./packages.ts";
import { PEOPLE } from "./people.ts";
import { PROCESS } from "./process.ts";
import { QUALITY } from "./quality.ts";
import { SECURITY } from "./security.ts";

export const CONCEPTS: readonly Concept[] = [
  ...PACKAGES,
  ...BUILD,
  ...QUALITY,
  ...DEVENV,
  ...LANGUAGES,
  ...FRAMEWORKS,
  ...DATASTORES,
  ...DATA_PIPELINES,
  ...API,
  ...INFRA,
  ...ENVIRONMENTS,
  ...OPERATIONS,
  ...PROCESS,
  ...PEOPLE,
  ...SECURITY,
  ...COMMERCE,
  ...FEATURES,
  ...LIFE_PEOPLE,
  ...LIFE_TRAVEL_FOOD,
  ...LIFE_HEALTH,
  ...LIFE_HOBBIES,
  ...LIFE_ADMIN,
];
