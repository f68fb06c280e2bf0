import type { Knex } from 'knex';
import { createTable, foreignId, timestamps } from './support';

/** The portfolio: projects and their architectural renders and site photos. */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'projects', (table) => {
    table.increments('id');
    table.string('title', 190).notNullable();
    // The product rules' `numéro`.
    table.string('numero', 60).notNullable();
    table.date('date').notNullable();
    table.string('status', 40).notNullable().defaultTo('En attente');
    table.text('description').notNullable();
    table.text('long_description').nullable();
    // JSON text: string[] (dialect.encodeJson).
    table.text('categories').notNullable();
    table.string('main_image', 255).nullable();
    table.text('challenges').nullable();
    table.text('materials').nullable();
    timestamps(knex, table);
    // The home page shows the most recent projects.
    table.index(['created_at']);
  });

  await createTable(knex, 'project_images', (table) => {
    table.increments('id');
    // CASCADE: the rows go with the project (their files on disk are the caller's to remove).
    foreignId(table, 'project_id', 'projects', 'CASCADE');
    // 'render' (architectural render) or 'project' (site photo).
    table.string('kind', 20).notNullable();
    table.string('image', 255).notNullable();
    table.string('description', 500).notNullable();
    table.integer('position').notNullable();
    timestamps(knex, table, { updatedAt: false });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_images');
  await knex.schema.dropTable('projects');
}
