ALTER TABLE `salon_contact` ADD `street` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_contact` ADD `city` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_contact` ADD `postal_code` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_contact` ADD `country` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- An install from before the parts keeps its free-text address, as the street: the owner can split it
-- in Settings > Salon details. The one-line `address` stays as it was.
UPDATE `salon_contact` SET `street` = `address`;