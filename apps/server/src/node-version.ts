/**
 * Imported first by every entry point (main.ts, cli/backup.ts, cli/demo.ts, cli/large.ts): on a
 * Node older than the one the desk runs on (Node 24, docs/decisions/011-node-24.md), one line
 * saying which Node to use, and exit code 1. ES modules run their imports in order, so nothing
 * imported after this one runs on such a Node: better-sqlite3's addon, built for Node 24, died
 * there with a segmentation fault. It imports nothing itself, and uses only what every Node has.
 */
const NEEDED_MAJOR = 24;

if (Number(process.versions.node.split('.')[0]) < NEEDED_MAJOR) {
  console.error(
    `Node ${process.version} is too old for the desk: it runs on Node ${NEEDED_MAJOR} (LTS). ` +
      `Install Node ${NEEDED_MAJOR}, or run it through npm (npm start, npm run backup), which uses the Node ${NEEDED_MAJOR} the project pins.`,
  );
  process.exit(1);
}

export {};
