/**
 * GET and PUT /api/settings/company: the letterhead (docs/decisions/010-company-settings.md).
 * Any signed-in user reads it (the top bar and documents show it); administrators save it.
 * /api/grabAutoEmailConfig and /api/updateAutoEmailConfig: the document e-mails' texts
 * (administrators only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companySettingsOutputSchema,
  companySettingsSchema,
  emailConfigSchema,
  storedEmailConfigSchema,
} from '@desk/domain';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import { invalidFields } from '../../lib/errors.js';
import { schemaIssues, type SchemaProblem } from '../../lib/field-words.js';
import type { SettingsService } from './settings.service.js';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/api/settings/company',
    route('user', ['settings'], {
      summary: 'Company name, address, phone, e-mail, quote validity and terms',
      response: answers.ok(companySettingsOutputSchema),
    }),
    async () => ok(await settings.company()),
  );

  app.put(
    '/api/settings/company',
    {
      ...route('admin', ['settings'], {
        summary:
          'Save the company settings (all fields; version guards against a stale form). ' +
          'E-mail placeholders {companyName} {companyPhone} {companyEmail} {companyAddress} use them.',
        body: companySettingsSchema,
        response: answers.ok(companySettingsOutputSchema),
      }),
      // The schema's messages name each field in plain words; answer them as they are, without
      // the generic 'body.field:' prefix, so the admin form can show each next to its field.
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) {
        const problems: readonly SchemaProblem[] = request.validationError.validation ?? [];
        const messages = [...new Set(problems.map((v) => v.message))].filter(Boolean).map((m) => `${m}.`);
        throw invalidFields(
          messages.length ? messages.join(' ') : 'The company settings are not valid.',
          schemaIssues(problems, false),
        );
      }
      return ok(await settings.saveCompany(request.body), 'Company settings saved');
    },
  );

  app.get(
    '/api/grabAutoEmailConfig',
    route('admin', ['e-mail'], {
      summary: 'E-mail subjects, bodies and forward address',
      response: answers.ok(storedEmailConfigSchema),
    }),
    async () => ok(await settings.emailConfig()),
  );

  app.post(
    '/api/updateAutoEmailConfig',
    route('admin', ['e-mail'], {
      summary:
        'Save the e-mail settings; placeholders {customerName} {contactName} {jobName} {documentNumber} {total} {companyName} {companyPhone} {companyEmail} {companyAddress}',
      body: emailConfigSchema,
      response: answers.ok(storedEmailConfigSchema),
    }),
    async (request) => ok(await settings.saveEmailConfig(request.body), 'E-mail settings saved'),
  );
};
