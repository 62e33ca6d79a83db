-- +goose Up
-- Issue 13 item 4, the back office's Content screen (decision 0024): banner
-- images uploaded by operators. Only images the server decoded and
-- re-encoded itself are stored (PNG or JPEG); file is the SHA-256 of the
-- stored bytes with its extension, so a URL names one immutable image.
CREATE TABLE content_images (
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    file          TEXT NOT NULL,
    content_type  TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
    width         BIGINT NOT NULL,
    height        BIGINT NOT NULL,
    data          BYTEA NOT NULL,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (merchant_code, file)
);
-- The uploaded image a banner shows ('' the generated one).
ALTER TABLE merchant_content ADD COLUMN image TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE merchant_content DROP COLUMN image;
DROP TABLE content_images;
