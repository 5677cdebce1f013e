// Whether the Server accepts application operations. The process that runs the Server (cli/server.ts) owns the
// value; the health routes read it, so they depend on this file rather than on the app that registers them.

/** Whether application operations may run: false while starting and while shutting down. */
export interface Lifecycle {
  accepting: boolean;
  /**
   * True once a shutdown has begun: readiness answers not ready (a load balancer stops sending), while the requests
   * already received are still answered.
   */
  draining?: boolean;
}
