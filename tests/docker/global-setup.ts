// The docker project's images, built once per run before its files: scripts/docker/images.sh
// (stand-in base images, then the Dockerfile). tests/run-all.sh runs that script as its own timed
// step and sets FC_DOCKER_IMAGES=built, so it is not run twice; run alone, the project builds
// them here (layers are cached: an unchanged tree rebuilds in seconds). Without an engine there is
// nothing to build: the files skip (or fail with CI=true) through hasDockerEngine().
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { engineAnswers } from "../support/docker";

export default function setup(): void {
  if (process.env.FC_DOCKER_IMAGES === "built" || !engineAnswers()) return;
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const result = spawnSync("bash", ["scripts/docker/images.sh"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`scripts/docker/images.sh failed (exit ${result.status})`);
}
