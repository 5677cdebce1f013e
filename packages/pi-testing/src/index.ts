export {
  type Answer,
  type ChatServer,
  commonPrefixBytes,
  keptPrefix,
  promptText,
  type Script,
  startChatServer,
  systemPromptOf,
  type ToolCall,
  type WireMessage,
  type WireRequest,
  wireText,
} from "./chat-server.ts";
export { type HermeticHome, type HomeOptions, makeHome } from "./home.ts";
export {
  atLeast,
  cachedHostDir,
  HOST_CACHE,
  hasBuiltinMcp,
  hasPromptSections,
  hostAlias,
  LATEST_PI,
  PI_HOST_MATRIX,
  PI_VERSIONS,
  type PiVersion,
} from "./hosts.ts";
export {
  HERMETIC_ENV,
  hostEnvironment,
  type PiProcess,
  type RpcEvent,
  startPi,
  type StartOptions,
  type UiResponder,
} from "./pi-process.ts";
export { hasTmux, startTmuxPi, TMUX, type TmuxPi, type TmuxPiOptions } from "./tmux-pi.ts";
