// The integration project's MariaDB (for the real WordPress suite): with a Docker engine and
// FC_TESTCONTAINERS unset or "auto", a throwaway MariaDB container started by testcontainers, whose
// address reaches the suites as FC_TEST_DB_* (tests/support/wordpress-site.ts reads them; the
// workers start after this and inherit the environment); the container is removed at the end.
// Otherwise nothing: the suites use the machine's MariaDB on 127.0.0.1:3306, as before.
import { MARIADB_IMAGE, forget, removeOnExit, useContainers } from "../support/containers";
import { imagePresent } from "../support/docker";

export default async function setup(): Promise<(() => Promise<void>) | void> {
  process.env.FC_TESTCONTAINERS ??= "auto";
  if (!useContainers() || process.env.FC_TEST_DB_HOST || !imagePresent(MARIADB_IMAGE)) return;
  const { GenericContainer, Wait } = await import("testcontainers");
  const password = "fc-test-root-password";
  const container = await new GenericContainer(MARIADB_IMAGE)
    .withEnvironment({ MARIADB_ROOT_PASSWORD: password })
    .withExposedPorts(3306)
    // The first start's initialisation server listens on no port: the port opens for the real one.
    .withWaitStrategy(Wait.forListeningPorts())
    .withStartupTimeout(120_000)
    .start();
  removeOnExit(container.getId());
  Object.assign(process.env, {
    FC_TEST_DB_HOST: "127.0.0.1",
    FC_TEST_DB_PORT: String(container.getMappedPort(3306)),
    FC_TEST_DB_USER: "root",
    FC_TEST_DB_PASSWORD: password,
  });
  console.log(`testcontainers: MariaDB (${MARIADB_IMAGE}) on 127.0.0.1:${container.getMappedPort(3306)}`);
  return async () => {
    await container.stop();
    forget(container.getId());
  };
}
