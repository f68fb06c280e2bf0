import type { Knex } from 'knex';
import { createTable, foreignId, timestamps } from './support';

/** Project requests sent by visitors, and their private attachments. */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'project_submissions', (table) => {
    table.increments('id');
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    table.string('email', 190).notNullable();
    table.string('phone', 40).notNullable();
    table.string('company', 190).nullable();
    table.string('project_title', 190).notNullable().index();
    table.string('project_type', 60).notNullable();
    table.string('location', 190).notNullable();
    table.string('budget', 40).notNullable();
    table.text('description').notNullable();
    table.date('start_date').nullable();
    // new, contacted, quoted, approved, rejected: the back office filters and counts by it.
    table.string('status', 20).notNullable().defaultTo('new').index();
    table.text('admin_notes').nullable();
    // 'email', 'phone' or 'whatsapp', chosen by the administrator.
    table.string('contact_method', 20).nullable();
    timestamps(knex, table);
    table.index(['created_at']);
  });

  await createTable(knex, 'submission_attachments', (table) => {
    table.increments('id');
    // CASCADE: the rows go with the submission (their files on disk are the caller's to remove).
    foreignId(table, 'submission_id', 'project_submissions', 'CASCADE');
    // As the visitor named it (UTF-8), shown and used in the zip.
    table.string('original_name', 255).notNullable();
    // Server-generated: the file's name under storage/app/private/submissions/{id}/.
    table.string('stored_name', 120).notNullable();
    table.string('mime_type', 100).notNullable();
    table.integer('size').notNullable();
    timestamps(knex, table, { updatedAt: false });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('submission_attachments');
  await knex.schema.dropTable('project_submissions');
}
