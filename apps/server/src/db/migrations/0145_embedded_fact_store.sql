-- The embedded report fact store (DuckDB under a DATA_DIR) this database's facts live in. One row:
-- a second server on the same database with a data folder of its own would otherwise keep facts
-- of its own, and figures would depend on which process answered (modules/fact-store).
CREATE TABLE embedded_fact_store (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  -- Random, written into the data folder (DATA_DIR/fact-store-id): the folder moved or restored
  -- under another path is still the same store.
  store_id text NOT NULL,
  data_dir text NOT NULL,
  host text NOT NULL,
  pid integer NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
