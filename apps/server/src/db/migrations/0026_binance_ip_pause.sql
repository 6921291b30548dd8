-- docs/decisions/0058 (DESIGN §23, §28): the pause Binance put on this server's IP (418 ban or 429,
-- until Retry-After), in the database so that every instance behind the same IP honours it before
-- any call — not only the instance that was answered. One row; instances only ever push it later.
CREATE TABLE "binance_ip_pause" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"hasta" timestamp with time zone NOT NULL,
	-- 418 (an IP ban) or 429 (a rate limit): which answer set the current end.
	"status" smallint NOT NULL CHECK ("status" IN (418, 429)),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
