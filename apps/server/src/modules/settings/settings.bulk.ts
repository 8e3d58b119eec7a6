/**
 * The settings for the seeders (cli/demo-data.ts), as the repository writes them: the demo
 * letterhead while the row is as installed.
 */
export { seedCompanySettings } from './settings.repository.js';
