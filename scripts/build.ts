// `npm run build`: the web client (dist/client), the bundle the server renders its public pages
// with (dist/ssr) and the compiled server (dist/server). With names (`client`, `server`), only
// those: `npm start` asks for the builds that are missing or stale.
import { buildClient } from './client-build';
import { buildServer } from './lib/server-build';

const asked = process.argv.slice(2);
const wants = (name: string) => asked.length === 0 || asked.includes(name);

if (wants('client')) {
  console.log('Building the web client...');
  buildClient();
}
if (wants('server')) {
  console.log('Compiling the server...');
  await buildServer();
}
