// The parts of the project that facts are about, each with the words people use for it when they do not say its
// name: "checkout" for the payments frontend. Paraphrased questions name a component only by an alias, so an alias
// shares no word with the name or the slug.

export interface ProjectComponent {
  /** As facts name it, in prose. */
  name: string;
  /** As a repo, package or directory name. */
  slug: string;
  /** Other ways to refer to it, sharing no word with `name` or `slug`. */
  aliases: readonly string[];
}

export const PROJECT_COMPONENTS: readonly ProjectComponent[] = [
  { name: "ledger service", slug: "ledger-svc", aliases: ["the bookkeeping backend", "the accounting system"] },
  { name: "payments frontend", slug: "pay-web", aliases: ["checkout", "the card form UI"] },
  { name: "backoffice", slug: "backoffice", aliases: ["the internal admin app", "the staff portal"] },
  { name: "search indexer", slug: "indexer", aliases: ["the thing that feeds Elastic", "the crawler job"] },
  { name: "mobile app", slug: "mobile", aliases: ["the iOS and Android client", "our phone client"] },
  { name: "notification worker", slug: "notifier", aliases: ["the push and email sender", "the alerts daemon"] },
  { name: "auth gateway", slug: "authgw", aliases: ["login", "the sign-in proxy"] },
  { name: "warehouse loader", slug: "dwh-loader", aliases: ["the nightly ETL", "the BI import"] },
  { name: "invoice exporter", slug: "invoicer", aliases: ["the billing PDF job", "the statements generator"] },
  { name: "docs site", slug: "docs", aliases: ["the developer portal", "the handbook pages"] },
  { name: "marketing website", slug: "www", aliases: ["the landing pages", "the public homepage"] },
  { name: "recommendation engine", slug: "recs", aliases: ["the 'you might also like' model", "suggestions"] },
  { name: "inventory sync", slug: "stock-sync", aliases: ["the stock feed", "the SKU counts updater"] },
  { name: "shipping quotes", slug: "shipq", aliases: ["the carrier rates lookup", "delivery pricing"] },
  { name: "fraud scorer", slug: "fraud", aliases: ["the risk model", "the chargeback guard"] },
  { name: "command-line tool", slug: "acme-cli", aliases: ["our terminal utility", "the binary devs install"] },
  { name: "JavaScript SDK", slug: "js-sdk", aliases: ["the npm client library", "the browser bindings"] },
  { name: "chat widget", slug: "chatbox", aliases: ["the support bubble", "live help"] },
  { name: "status page", slug: "statuspage", aliases: ["the uptime site", "the incident board"] },
  { name: "analytics pipeline", slug: "analytics", aliases: ["event tracking", "the clickstream"] },
  { name: "image resizer", slug: "thumbs", aliases: ["the thumbnail generator", "photo scaling"] },
  { name: "GraphQL gateway", slug: "gql", aliases: ["the federated query layer", "the schema stitcher"] },
  { name: "cron runner", slug: "cron-runner", aliases: ["the periodic jobs box", "scheduled tasks"] },
  { name: "email templates", slug: "mailer", aliases: ["transactional messages", "the newsletter layouts"] },
  { name: "pricing engine", slug: "pricing", aliases: ["the discount calculator", "how much things cost"] },
  { name: "profile service", slug: "profiles", aliases: ["account settings", "the user details backend"] },
  { name: "upload service", slug: "uploads", aliases: ["file intake", "the attachments store"] },
  { name: "websocket hub", slug: "realtime", aliases: ["live updates", "the push channel"] },
  { name: "onboarding wizard", slug: "onboarding", aliases: ["the signup flow", "first-run setup"] },
  { name: "tax calculator", slug: "taxcalc", aliases: ["the VAT logic", "sales levy math"] },
];
