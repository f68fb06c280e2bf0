import type { Knex } from 'knex';

/**
 * Who on the staff follows a project request or a contact message (docs/product-rules.md,
 * "Assignment"): a nullable link to users on both tables, indexed for the lists' 'Mes
 * demandes' filter (SQLite does not index a foreign key by itself). RESTRICT like every
 * link to users: accounts are deactivated, never deleted, so a request keeps its assignee.
 */

const TABLES = ['project_submissions', 'contact_messages'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const name of TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table
        .integer('assignee_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('RESTRICT');
      table.index(['assignee_id']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.dropForeign(['assignee_id']);
      table.dropIndex(['assignee_id']);
      table.dropColumn('assignee_id');
    });
  }
}
