-- Per-site sample rate of the site tag, as "one page view in N" (Vercel Speed Insights and
-- Cloudflare Web Analytics sample too). The tag served for the site records a page load with
-- probability 1/N and every stored event carries the weight N, so counts stay whole numbers and
-- sum to estimates of the real traffic. 1 = every page view (the default).
ALTER TABLE sites ADD COLUMN tag_sample_one_in integer NOT NULL DEFAULT 1
  CONSTRAINT sites_tag_sample_one_in_range CHECK (tag_sample_one_in BETWEEN 1 AND 1000);
