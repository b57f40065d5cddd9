// Package initdata verifies the launch data a Telegram Mini App receives
// (Telegram.WebApp.initData) and sends to our server, so that the server
// knows which Telegram user is tapping the board.
//
// Telegram signs the data with the bot's token: the data-check-string is
// every received key=value pair except hash, URL-decoded, sorted by key and
// joined by line feeds (the newer signature field is part of it); the
// secret key is HMAC-SHA256 of the bot token keyed with "WebAppData"; hash
// is the hexadecimal HMAC-SHA256 of the data-check-string keyed with that
// secret. The auth_date field says when the data was signed.
package initdata

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The errors Verify returns, wrapped with a short reason (never the token,
// never a received value). Test them with errors.Is.
var (
	// ErrMalformed: the data is not a query string of unique keys, or a
	// field (auth_date, user) cannot be read, or there is no user.
	ErrMalformed = errors.New("initdata: malformed launch data")
	// ErrMissingHash: there is no hash field.
	ErrMissingHash = errors.New("initdata: launch data without a hash")
	// ErrBadHash: the hash is not the one the bot's token gives: the data
	// was changed, or signed for another bot.
	ErrBadHash = errors.New("initdata: launch data signature does not match")
	// ErrStale: auth_date is older than the allowed age, or lies in the
	// future by more than the allowed clock skew.
	ErrStale = errors.New("initdata: launch data is too old or from the future")
)

// DefaultMaxAge is the age of launch data NewVerifier accepts when given
// none: a Mini App sends its data when it opens, and a player keeps a game
// open for a while.
const DefaultMaxAge = 24 * time.Hour

// DefaultSkew is how far in the future auth_date may lie (clocks differ).
const DefaultSkew = time.Minute

// User is the Telegram user who opened the Mini App (the user field).
type User struct {
	ID           int64  `json:"id"`
	IsBot        bool   `json:"is_bot,omitempty"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name,omitempty"`
	Username     string `json:"username,omitempty"`
	LanguageCode string `json:"language_code,omitempty"`
	IsPremium    bool   `json:"is_premium,omitempty"`
	PhotoURL     string `json:"photo_url,omitempty"`
}

// Chat is the chat the Mini App was opened from through an attachment menu
// or a direct link (the chat field; Telegram sends it rarely).
type Chat struct {
	ID       int64  `json:"id"`
	Type     string `json:"type"`
	Title    string `json:"title"`
	Username string `json:"username,omitempty"`
}

// Data is verified launch data.
type Data struct {
	// User is always set.
	User User
	// Chat is set when Telegram sent it.
	Chat *Chat
	// ChatType and ChatInstance describe the chat the app was opened from
	// ("private", "group", "supergroup", "channel", "sender"), when known.
	ChatType     string
	ChatInstance string
	// StartParam is the startapp parameter of the link that opened the
	// app (our game's page id), or "".
	StartParam string
	// QueryID is set when the app was opened from an inline button.
	QueryID string
	// AuthDate is when Telegram signed the data.
	AuthDate time.Time
}

// Verifier checks launch data for one bot. Its zero value is not usable;
// build one with NewVerifier. It is safe for concurrent use.
type Verifier struct {
	secret []byte // HMAC-SHA256 of the bot token keyed with "WebAppData"
	maxAge time.Duration
	skew   time.Duration
}

// NewVerifier returns a Verifier for the bot with the given token that
// accepts data signed at most maxAge ago (DefaultMaxAge when maxAge <= 0)
// and at most DefaultSkew in the future. The token itself is not kept.
func NewVerifier(botToken string, maxAge time.Duration) *Verifier {
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	m := hmac.New(sha256.New, []byte("WebAppData"))
	m.Write([]byte(botToken))
	return &Verifier{secret: m.Sum(nil), maxAge: maxAge, skew: DefaultSkew}
}

// Verify checks raw (the Mini App's initData, exactly as received) at time
// now and returns what it says. The error wraps ErrMalformed, ErrMissingHash,
// ErrBadHash or ErrStale, checked in that order: the fields are read only
// once the signature is known to be good.
func (v *Verifier) Verify(raw string, now time.Time) (*Data, error) {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: not a query string", ErrMalformed)
	}
	keys := make([]string, 0, len(q))
	for k, vs := range q {
		if len(vs) > 1 {
			return nil, fmt.Errorf("%w: key %q repeated", ErrMalformed, k)
		}
		if k != "hash" {
			keys = append(keys, k)
		}
	}
	hs, ok := q["hash"]
	if !ok || hs[0] == "" {
		return nil, ErrMissingHash
	}
	got, err := hex.DecodeString(hs[0])
	if err != nil || len(got) != sha256.Size {
		return nil, fmt.Errorf("%w: hash is not 64 hexadecimal digits", ErrBadHash)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(q[k][0])
	}
	m := hmac.New(sha256.New, v.secret)
	m.Write([]byte(b.String()))
	if !hmac.Equal(m.Sum(nil), got) {
		return nil, ErrBadHash
	}
	return v.decode(q, now)
}

// decode reads the fields of signed data q and checks its age.
func (v *Verifier) decode(q url.Values, now time.Time) (*Data, error) {
	sec, err := strconv.ParseInt(q.Get("auth_date"), 10, 64)
	if err != nil || sec <= 0 {
		return nil, fmt.Errorf("%w: auth_date is not a Unix time", ErrMalformed)
	}
	d := &Data{
		ChatType:     q.Get("chat_type"),
		ChatInstance: q.Get("chat_instance"),
		StartParam:   q.Get("start_param"),
		QueryID:      q.Get("query_id"),
		AuthDate:     time.Unix(sec, 0).UTC(),
	}
	u := q.Get("user")
	if u == "" {
		return nil, fmt.Errorf("%w: no user", ErrMalformed)
	}
	if err := json.Unmarshal([]byte(u), &d.User); err != nil || d.User.ID == 0 {
		return nil, fmt.Errorf("%w: user is not a Telegram user object", ErrMalformed)
	}
	if c := q.Get("chat"); c != "" {
		d.Chat = new(Chat)
		if err := json.Unmarshal([]byte(c), d.Chat); err != nil {
			return nil, fmt.Errorf("%w: chat is not a Telegram chat object", ErrMalformed)
		}
	}
	switch age := now.Sub(d.AuthDate); {
	case age > v.maxAge:
		return nil, fmt.Errorf("%w: signed %s ago, more than %s", ErrStale, age.Round(time.Second), v.maxAge)
	case age < -v.skew:
		return nil, fmt.Errorf("%w: signed %s in the future", ErrStale, (-age).Round(time.Second))
	}
	return d, nil
}
