package store

import (
	"crypto/rand"
	"encoding/base64"
)

// A game's page id (Game.PageID) names its public page in links: 16 bytes
// from crypto/rand written in unpadded base64url, 22 characters
// ([A-Za-z0-9_-]). It is random, so that a game in a private chat cannot be
// found by trying ids, and never sequential. The backends store it in
// games.page_id, unique; CreateGame sets it, and Open gives one to every
// game stored without (those created before page ids existed).

// PageIDLen is the length of a page id.
const PageIDLen = 22

// pageIDBytes is how many random bytes a page id holds.
const pageIDBytes = 16

// pageIDEncoding reads and writes page ids: base64url without padding, and
// strict, so that each 16 bytes have one spelling only (the last
// character's unused bits are zero).
var pageIDEncoding = base64.RawURLEncoding.Strict()

// NewPageID returns a new random page id (16 bytes from crypto/rand, 22
// characters of base64url).
func NewPageID() string {
	var b [pageIDBytes]byte
	rand.Read(b[:]) // never fails (crypto/rand.Read's contract); on failure it crashes the program
	return pageIDEncoding.EncodeToString(b[:])
}

// ValidPageID reports whether s is spelled as NewPageID spells page ids:
// 22 characters of base64url that decode to 16 bytes, in their one
// canonical spelling. Stores answer ErrNotFound for any other string
// without asking the database.
func ValidPageID(s string) bool {
	if len(s) != PageIDLen {
		return false
	}
	b, err := pageIDEncoding.DecodeString(s)
	return err == nil && len(b) == pageIDBytes
}
