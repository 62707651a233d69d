// `npm run build`: the web client (dist/client) and the bundle the server renders its public
// pages with (dist/ssr).
import { buildClient } from './client-build';

buildClient();
