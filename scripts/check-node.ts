// Fails fast when npm scripts run on a Node older than the one the repository provides (the node-<os>-<cpu> optional
// dependency of the root package.json, linked as node_modules/.bin/node, which npm puts first on the PATH of its scripts).
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `PowerContext needs Node >= 22.19, got ${process.version}. Run it through npm (npm test, npx powercontext).`,
  );
  process.exit(1);
}
console.log(`node ${process.version}`);
