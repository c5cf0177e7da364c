// Bench only (preloaded with --require into a server the render profile starts, never shipped):
// the first SIGUSR2 starts V8's CPU profiler, the next stops it and writes the profile (the same
// .cpuprofile as `node --cpu-prof`, but of the renders alone, not of start-up and warm-up) to
// CPU_PROFILE_OUT; a file CPU_PROFILE_OUT.started says the profiler runs.
const inspector = require("node:inspector");
const fs = require("node:fs");

const out = process.env.CPU_PROFILE_OUT;
const interval = Number(process.env.CPU_PROFILE_INTERVAL_US || 250);
const session = new inspector.Session();
session.connect();
let running = false;
process.on("SIGUSR2", () => {
  if (!running) {
    running = true;
    session.post("Profiler.enable", () =>
      session.post("Profiler.setSamplingInterval", { interval }, () =>
        session.post("Profiler.start", () => fs.writeFileSync(`${out}.started`, "")),
      ),
    );
    return;
  }
  session.post("Profiler.stop", (error, result) => {
    running = false;
    fs.writeFileSync(out, error ? JSON.stringify({ error: String(error) }) : JSON.stringify(result.profile));
  });
});
