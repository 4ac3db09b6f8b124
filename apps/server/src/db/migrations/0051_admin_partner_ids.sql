-- Ids for publishers and sites created in the admin console. Demo and imported ids are
-- small numbers; these start far above them so the two never meet.
CREATE SEQUENCE publisher_id_seq START 100001;
CREATE SEQUENCE site_id_seq START 500001;
