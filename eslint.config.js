// The linter `npm run lint` runs and `npm test` runs first: typescript-eslint with type information,
// React's hooks rules, jsx-a11y, and the import boundaries of the layout (docs/architecture.md, "Layers"):
//
// - common/ is isomorphic and stands alone: it imports nothing from app/ or server/;
// - app/ (the React Router application, browser and SSR) imports common/, never server/ (not even
//   types): the vocabulary both sides share lives in common/;
// - server/ never imports app/components or app/routes (only app/lib's context and entry points);
// - server/cache/ knows no origin and reads no configuration: nothing from server/content/ or
//   server/config.ts (its settings arrive as arguments);
// - server/content/ speaks no HTTP: neither react-router nor express (server/http/ answers);
// - server/media/ knows no HTTP layer either: the /media/ handler (server/http/media.ts) depends on it;
// - demo/ (the demo WordPress) is a package of its own: server/ reaches it only in server/main.ts,
//   through its entry (demo/index.ts), as does everything else outside it; it imports nothing from
//   app/ or server/, and from common/ only the locale vocabulary;
// - no import cycles anywhere (import-x/no-cycle here for value imports; `npm run lint` then runs
//   dependency-cruiser, .dependency-cruiser.cjs, which counts type-only imports and folder loops
//   too, and holds the server's layers, each rule by name: layer-config-knows-no-domain, …);
// - no console in app/, common/, server/ or demo/ (pino is the one way to the log);
// - no function longer than 80 lines in server/ or demo/ (max-lines-per-function).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";

/** `no-restricted-imports` patterns: a group of paths, with the reason an operator reads. */
const forbid = (group, message) => ({ group, message });

const appViews = forbid(
  ["**/app/components/**", "**/app/routes/**", "~/components/**", "~/routes/**"],
  "server/ never imports the app's components or routes; shared code lives in common/.",
);
const demoPackage = forbid(
  ["**/demo", "**/demo/**"],
  "server/ holds the site alone: the demo WordPress (demo/) is started in one place, server/main.ts.",
);
const demoInternals = forbid(
  ["**/demo/**"],
  "demo/ is a package: import it through its entry (demo/index.ts), not its modules.",
);

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "dist/**",
      "node_modules/**",
      ".react-router/**",
      "public/**",
      "test-results/**",
      "bench/reports/**",
      "helm/**",
      "wordpress/**",
      "docker/**",
      ".cache/**", // caches: WordPress's core for the tests (with Debian's library links), rendered media
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { "import-x": importX },
    rules: {
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // An async handler on a JSX attribute or an event emitter is React's and Node's own idiom.
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
      // React Router's loaders answer by throwing a Response or `data(...)`.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // Store selectors (zustand) and DOM methods are passed around unbound by design; nothing here
      // relies on `this` in a method that is handed on.
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
    },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
  },
  // Tests and the bench read JSON answers and drive fakes: `any` from JSON.parse and fetch is their
  // daily bread, and an async fake with no await mirrors the real async API it stands in for.
  {
    files: ["tests/**/*.{ts,tsx}", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/restrict-template-expressions": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The rules of hooks. The React Compiler's rules (refs, set-state-in-effect, …) come with
      // the compiler, which this build does not use.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Escape on a container (a dialog, a submenu, an image map) closes what holds the focused
      // control: keyboard support for its children, not an interaction of the container itself.
      "jsx-a11y/no-noninteractive-element-interactions": [
        "error",
        { handlers: ["onClick", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyUp"] },
      ],
    },
  },
  // Every log line of the server and of the app's code goes through pino (level, request id,
  // route id): no console. Command-line tools print to their terminal.
  {
    files: ["app/**/*.{ts,tsx}", "common/**/*.ts", "server/**/*.ts", "demo/**/*.ts"],
    ignores: ["demo/cli.ts"],
    rules: { "no-console": "error" },
  },
  // Small units: no function of the server or the demo WordPress longer than 80 lines (blank lines
  // and comments aside); a longer one is split by meaning into named units.
  {
    files: ["server/**/*.ts", "demo/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  // Boundaries.
  {
    files: ["common/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              ["**/app/**", "**/server/**", "~/**", "react", "react-router", "node:*"],
              "common/ is isomorphic and stands alone: no app/, server/, React or Node imports.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              ["**/server/**"],
              "app/ imports nothing from server/, not even types: what both sides share lives in common/.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/main.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [appViews, demoPackage] }] },
  },
  {
    files: ["server/main.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [appViews, demoInternals] }] },
  },
  {
    files: ["tests/**/*.{ts,tsx}", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [demoInternals] }] },
  },
  {
    files: ["demo/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              ["**/app/**", "~/**", "**/server/**", "**/common/**", "!**/common/locale"],
              "demo/ stands alone beside the site: nothing from app/ or server/, and from common/ only the locale vocabulary.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["server/content/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            appViews,
            demoPackage,
            forbid(
              ["react-router", "@react-router/*", "express", "**/server/http/**", "../http/**"],
              "server/content/ speaks no HTTP: it returns domain results and errors (outage.ts); server/http/ turns them into answers.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["server/media/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              ["**/app/components/**", "**/app/routes/**", "~/components/**", "~/routes/**"],
              "server/ never imports the app's components or routes; shared code lives in common/.",
            ),
            forbid(
              [
                "react-router",
                "@react-router/*",
                "express",
                "**/server/http/**",
                "../http/**",
                "**/server/content/**",
                "../content/**",
              ],
              "server/media/ is the image service: the /media/ handler (server/http/media.ts) depends on it, never the reverse, and WordPress reaches it through what server/main.ts hands it.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["server/cache/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              ["**/server/content/**", "../content/**", "**/app/components/**", "**/app/routes/**"],
              "server/cache/ knows no origin: callers hand it a fetch and an error classifier (server/cache/types.ts).",
            ),
            forbid(
              ["**/server/config", "../config", "**/server/environment", "../environment"],
              "server/cache/ reads no configuration: its settings arrive as arguments (CacheSettings, RedisSettings).",
            ),
            demoPackage,
          ],
        },
      ],
    },
  },
);
