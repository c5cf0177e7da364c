// Bench only (preloaded with --require into the server the memory run starts, never shipped): a
// full garbage collection on SIGUSR2, so the bench reads the live heap rather than whatever
// garbage V8 has not collected yet.
const v8 = require("node:v8");
const vm = require("node:vm");

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
process.on("SIGUSR2", () => gc());
