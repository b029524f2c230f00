CREATE SEQUENCE "public"."product_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text DEFAULT ('P-' || lpad(nextval('product_sku_seq')::text, 6, '0')) NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "increment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maximum" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "specs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (sku || E'\n' || name || E'\n' || description) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_seq_idx" ON "products" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","seq");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","seq");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","seq");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_unique" UNIQUE("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_increment_check" CHECK ("products"."increment" >= 1);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_maximum_check" CHECK ("products"."maximum" IS NULL OR "products"."maximum" >= "products"."minimum");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_check" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
-- The demo catalogue (seed-data.ts) gets its part numbers, categories, packs, volume prices and
-- specifications where a shop was seeded before them (a fresh database is seeded with them), as
-- far as each product's own minimum and price allow. Products an admin added keep P-000001..
-- and `other` until the admin fills them in.
UPDATE "products" SET "sku" = 'CPU-X32C-28', "category" = 'processors', "low_stock_threshold" = 100, "specs" = '[{"label": "Cores / threads", "value": "32 / 64"}, {"label": "Base / boost clock", "value": "2.8 / 4.1 GHz"}, {"label": "L3 cache", "value": "128 MB"}, {"label": "Memory", "value": "8 channels DDR5-4800"}, {"label": "PCIe lanes", "value": "80 × PCIe 5.0"}, {"label": "TDP", "value": "280 W"}, {"label": "Warranty", "value": "3 years"}]'::jsonb, "price_tiers" = CASE WHEN "minimum" < 50 AND "price" > 2050 THEN '[{"minQuantity": 50, "price": 2050}, {"minQuantity": 200, "price": 1950}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = 'Xeon-class 32-Core Server Processor' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'CPU-X32C-28');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'GPU-RTX16-WS', "category" = 'graphics-cards', "low_stock_threshold" = 60, "specs" = '[{"label": "Memory", "value": "16 GB GDDR6 ECC"}, {"label": "Outputs", "value": "4 × DisplayPort 1.4a"}, {"label": "Cooling", "value": "Blower, dual slot"}, {"label": "Board power", "value": "140 W"}, {"label": "Interface", "value": "PCIe 4.0 x16"}, {"label": "Warranty", "value": "3 years"}]'::jsonb, "maximum" = CASE WHEN "minimum" <= 100 THEN 100 END, "price_tiers" = CASE WHEN "minimum" < 40 AND "price" > 1120 THEN '[{"minQuantity": 40, "price": 1120}, {"minQuantity": 80, "price": 1080}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = 'RTX-series 16 GB Workstation Graphics Card' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'GPU-RTX16-WS');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'MEM-D5-64R', "category" = 'memory', "low_stock_threshold" = 400, "specs" = '[{"label": "Capacity", "value": "2 × 32 GB"}, {"label": "Speed", "value": "DDR5-5600"}, {"label": "Type", "value": "Registered DIMM (RDIMM)"}, {"label": "Error correction", "value": "On-die and side-band ECC"}, {"label": "Pack", "value": "Box of 25 kits"}]'::jsonb, "increment" = CASE WHEN "minimum" % 25 = 0 THEN 25 ELSE 1 END, "price_tiers" = CASE WHEN "minimum" < 100 AND "price" > 235 THEN '[{"minQuantity": 100, "price": 235}, {"minQuantity": 500, "price": 222}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = 'DDR5-5600 64 GB ECC Registered Memory Kit' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'MEM-D5-64R');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'SSD-2T-G4', "category" = 'storage', "low_stock_threshold" = 500, "specs" = '[{"label": "Capacity", "value": "2 TB TLC"}, {"label": "Interface", "value": "PCIe 4.0 x4 NVMe"}, {"label": "Form factor", "value": "M.2 2280"}, {"label": "Sequential read", "value": "7,000 MB/s"}, {"label": "Endurance", "value": "1,200 TBW"}, {"label": "Warranty", "value": "5 years"}]'::jsonb, "price_tiers" = CASE WHEN "minimum" < 200 AND "price" > 132 THEN '[{"minQuantity": 200, "price": 132}, {"minQuantity": 1000, "price": 124}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = '2 TB PCIe 4.0 NVMe M.2 SSD' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'SSD-2T-G4');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'MB-ATX-RM', "category" = 'motherboards', "low_stock_threshold" = 100, "specs" = '[{"label": "Form factor", "value": "ATX"}, {"label": "Memory", "value": "4 × DDR5, up to 192 GB"}, {"label": "Expansion", "value": "2 × PCIe 5.0 x16"}, {"label": "Storage", "value": "3 × M.2"}, {"label": "Network", "value": "2 × 2.5 GbE"}, {"label": "Management", "value": "Out-of-band remote management"}]'::jsonb, "price_tiers" = CASE WHEN "minimum" < 100 AND "price" > 275 THEN '[{"minQuantity": 100, "price": 275}, {"minQuantity": 250, "price": 262}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = 'ATX Business Motherboard with Remote Management' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'MB-ATX-RM');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'PSU-850-GM', "category" = 'power-supplies', "low_stock_threshold" = 200, "specs" = '[{"label": "Power", "value": "850 W"}, {"label": "Efficiency", "value": "80 PLUS Gold"}, {"label": "Standard", "value": "ATX 3.1, native 12V-2x6"}, {"label": "Cabling", "value": "Fully modular"}, {"label": "Warranty", "value": "10 years"}]'::jsonb, "price_tiers" = CASE WHEN "minimum" < 100 AND "price" > 112 THEN '[{"minQuantity": 100, "price": 112}, {"minQuantity": 500, "price": 105}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = '850 W 80 PLUS Gold Modular Power Supply' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'PSU-850-GM');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'CHS-4U-RM', "category" = 'cases', "low_stock_threshold" = 40, "specs" = '[{"label": "Height", "value": "4U, 19-inch rack"}, {"label": "Drive bays", "value": "8 × 3.5-inch hot-swap"}, {"label": "Fans", "value": "5 × 120 mm, tool-less fan wall"}, {"label": "Rails", "value": "Included"}, {"label": "Warranty", "value": "3 years"}]'::jsonb, "maximum" = CASE WHEN "minimum" <= 120 THEN 120 END, "price_tiers" = CASE WHEN "minimum" < 48 AND "price" > 329 THEN '[{"minQuantity": 48, "price": 329}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = '4U Rackmount Server Chassis' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'CHS-4U-RM');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'CLR-T120-PWM', "category" = 'cooling', "low_stock_threshold" = 800, "specs" = '[{"label": "Fan", "value": "120 mm PWM, 500 to 1,800 rpm"}, {"label": "Heat pipes", "value": "6, copper"}, {"label": "Rated for", "value": "220 W"}, {"label": "Height", "value": "155 mm"}, {"label": "Pack", "value": "Carton of 50"}]'::jsonb, "increment" = CASE WHEN "minimum" % 50 = 0 THEN 50 ELSE 1 END, "price_tiers" = CASE WHEN "minimum" < 500 AND "price" > 36 THEN '[{"minQuantity": 500, "price": 36}, {"minQuantity": 2000, "price": 33}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = 'Tower CPU Cooler with 120 mm PWM Fan' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'CLR-T120-PWM');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'NIC-10G-2SFP', "category" = 'networking', "low_stock_threshold" = 150, "specs" = '[{"label": "Ports", "value": "2 × SFP+"}, {"label": "Speed", "value": "10 GbE"}, {"label": "Interface", "value": "PCIe 3.0 x8"}]'::jsonb, "price_tiers" = CASE WHEN "minimum" < 100 AND "price" > 159 THEN '[{"minQuantity": 100, "price": 159}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = 'Dual-Port 10GbE SFP+ Network Card' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'NIC-10G-2SFP');
--> statement-breakpoint
UPDATE "products" SET "sku" = 'HDD-16T-72E', "category" = 'storage', "low_stock_threshold" = 200, "specs" = '[{"label": "Capacity", "value": "16 TB"}, {"label": "Speed", "value": "7,200 rpm"}, {"label": "Interface", "value": "SATA 6 Gb/s"}, {"label": "Workload", "value": "550 TB a year"}, {"label": "Warranty", "value": "5 years"}]'::jsonb, "price_tiers" = CASE WHEN "minimum" < 100 AND "price" > 265 THEN '[{"minQuantity": 100, "price": 265}, {"minQuantity": 500, "price": 249}]'::jsonb ELSE '[]'::jsonb END
  WHERE "id" = (SELECT "id" FROM "products" WHERE "name" = '16 TB 7200 rpm Enterprise SATA Hard Drive' ORDER BY "seq" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "products" WHERE "sku" = 'HDD-16T-72E');
