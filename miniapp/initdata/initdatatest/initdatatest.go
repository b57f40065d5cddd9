// Package initdatatest signs a Telegram Mini App's launch data
// (Telegram.WebApp.initData) as Telegram does, for the tests of package
// initdata and of what is built on it (the board app's sign-in, the
// running program).
//
// The signature follows Telegram's documentation, not package initdata's
// code: the data-check-string is every pair but hash, sorted by key, as
// key=value joined by line feeds; hash is its hexadecimal HMAC-SHA256
// keyed with the HMAC-SHA256 of the bot's token keyed with "WebAppData".
package initdatatest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// User is the launch data's user field, as Telegram writes it.
type User struct {
	ID           int64  `json:"id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name,omitempty"`
	Username     string `json:"username,omitempty"`
	LanguageCode string `json:"language_code,omitempty"`
}

// DefaultQueryID is the query_id of Data without one.
const DefaultQueryID = "AAHdF6IQAAAAAN0XohDhrOrc"

// Data is launch data to sign.
type Data struct {
	User User
	// AuthDate is when Telegram signed the data (auth_date, in seconds).
	AuthDate time.Time
	// QueryID is query_id: DefaultQueryID when empty.
	QueryID string
	// StartParam is start_param (the link's startapp), ChatType and
	// ChatInstance chat_type and chat_instance: each left out when empty.
	StartParam, ChatType, ChatInstance string
}

// Sign returns d as the query string a Mini App receives, signed for the
// bot with token.
func Sign(token string, d Data) string {
	user, err := json.Marshal(d.User)
	if err != nil {
		panic(err) // a struct of strings and a number always marshals
	}
	f := url.Values{}
	f.Set("auth_date", strconv.FormatInt(d.AuthDate.Unix(), 10))
	f.Set("user", string(user))
	f.Set("query_id", d.QueryID)
	if d.QueryID == "" {
		f.Set("query_id", DefaultQueryID)
	}
	for k, v := range map[string]string{"start_param": d.StartParam, "chat_type": d.ChatType, "chat_instance": d.ChatInstance} {
		if v != "" {
			f.Set(k, v)
		}
	}
	return SignValues(token, f)
}

// SignValues sets f's hash to the one Telegram computes for the bot with
// token (over the first value of every key but hash) and returns f
// encoded: for tests that build the fields themselves.
func SignValues(token string, f url.Values) string {
	keys := make([]string, 0, len(f))
	for k := range f {
		if k != "hash" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	lines := make([]string, len(keys))
	for i, k := range keys {
		lines[i] = k + "=" + f.Get(k)
	}
	f.Set("hash", Hash(token, strings.Join(lines, "\n")))
	return f.Encode()
}

// Hash is the hash Telegram gives a data-check-string for the bot with
// token.
func Hash(token, check string) string {
	secret := hmac.New(sha256.New, []byte("WebAppData"))
	secret.Write([]byte(token))
	m := hmac.New(sha256.New, secret.Sum(nil))
	m.Write([]byte(check))
	return hex.EncodeToString(m.Sum(nil))
}
