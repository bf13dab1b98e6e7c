-- A lot is in a deal only while one of its approved deals (offers.status 3) is under way. Before this rule a
-- lot stayed `in_process` after its last deal was done: such a lot goes back on the market for what remains
-- (active), or is sold out (success) when its deals took everything (docs/deals.md "Volume and the lot's status").
UPDATE "lots" SET
	"status" = CASE WHEN "reserved_volume" >= "volume" THEN 'success' ELSE 'active' END,
	"updated_at" = now()
WHERE "status" = 'in_process'
	AND NOT EXISTS (SELECT 1 FROM "offers" WHERE "offers"."lot_id" = "lots"."id" AND "offers"."status" = 3);
