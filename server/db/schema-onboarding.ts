// Tables of the onboarding area (restaurant location, about, delivery, hours, additional,
// contacts; countries and cities). Migration: server/db/migrations/0003_onboarding.sql.
export {};
