-- Default price list per role (DESIGN.md "Roles, prices"): guest 4, client 1, distributor 2.
INSERT INTO "profiles" ("profile_type", "price_list") VALUES ('guest', 4), ('client', 1), ('distributor', 2)
ON CONFLICT ("profile_type") DO NOTHING;
