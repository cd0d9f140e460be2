// Tables of the menu area (categories and everything that hangs off them, the platform
// library, menu items). Migration: server/db/migrations/0004_menu.sql.
export {};
