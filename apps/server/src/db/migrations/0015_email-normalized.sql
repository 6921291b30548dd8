-- Hand-written (issue 36). Addresses are now spelled one way (packages/shared/src/schemas/common.ts
-- normalizeEmail: NFKC, invisible format characters dropped, lower case), and sign-in looks an
-- address up by that spelling. Stored addresses were only trimmed and lower-cased, so one typed
-- with fullwidth letters or a zero-width space would no longer be found: bring each to the new
-- spelling, when that is safe:
-- - only if no other account already has the new spelling, and no other stored address becomes
--   the same one (look-alike duplicates stay as they are, nothing fails; an administrator renames
--   one of them: docs/decisions/0033-trust-first-security.md);
-- - only on a UTF8 database (normalize() needs it; both of ours are).
-- The character class lists the format characters (Unicode Cf) an address could carry. Running it
-- twice changes nothing.
DO $$
BEGIN
  IF current_setting('server_encoding') <> 'UTF8' THEN
    RETURN;
  END IF;
  WITH n AS (
    SELECT id, email,
      lower(regexp_replace(normalize(email, NFKC), '[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g')) AS norm
    FROM users
  ), movable AS (
    SELECT n.id, n.norm FROM n
    WHERE n.norm <> n.email
      AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = n.norm AND u.id <> n.id)
      AND (SELECT count(*) FROM n m WHERE m.norm = n.norm) = 1
  )
  UPDATE users SET email = movable.norm FROM movable WHERE users.id = movable.id;
END $$;
