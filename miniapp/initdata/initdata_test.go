package initdata

import (
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mancala-bot/mancala/miniapp/initdata/initdatatest"
)

const testToken = "123456:TEST-token-for-initdata"

var now = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

// sign returns fields as a query string with the hash Telegram would add
// for the bot with token.
func sign(t testing.TB, token string, fields map[string]string) string {
	t.Helper()
	q := url.Values{}
	for k, v := range fields {
		q.Set(k, v)
	}
	return initdatatest.SignValues(token, q)
}

func goodFields() map[string]string {
	return map[string]string{
		"query_id":      "AAHdF6IQAAAAAN0XohDhrOrc",
		"user":          `{"id":279058397,"first_name":"Ama","last_name":"Mensah","username":"ama_m","language_code":"da","is_premium":true}`,
		"chat_type":     "supergroup",
		"chat_instance": "-4213861217298746",
		"start_param":   "AbCdEfGhIjKlMnOpQrStUv",
		"auth_date":     strconv.FormatInt(now.Add(-10*time.Minute).Unix(), 10),
		"signature":     "c2lnbmF0dXJlLW9mLXRoaXJkLXBhcnR5LWNoZWNrcw",
	}
}

func TestVerifyAccepts(t *testing.T) {
	v := NewVerifier(testToken, time.Hour)
	d, err := v.Verify(sign(t, testToken, goodFields()), now)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	want := User{ID: 279058397, FirstName: "Ama", LastName: "Mensah", Username: "ama_m", LanguageCode: "da", IsPremium: true}
	if d.User != want {
		t.Errorf("user = %+v, want %+v", d.User, want)
	}
	if d.StartParam != "AbCdEfGhIjKlMnOpQrStUv" || d.ChatType != "supergroup" || d.ChatInstance != "-4213861217298746" || d.QueryID != "AAHdF6IQAAAAAN0XohDhrOrc" {
		t.Errorf("fields = %+v", d)
	}
	if !d.AuthDate.Equal(now.Add(-10 * time.Minute)) {
		t.Errorf("auth date = %v", d.AuthDate)
	}
	if d.Chat != nil {
		t.Errorf("chat = %+v, want none", d.Chat)
	}
}

// TestVerifyCheckString pins the data-check-string's form with a hand-written
// one: keys in byte order, URL-decoded values, line feeds, signature kept and
// hash left out; the query's own order does not matter.
func TestVerifyCheckString(t *testing.T) {
	check := "auth_date=1795867200\n" +
		"chat={\"id\":-100200,\"type\":\"group\",\"title\":\"Bao & friends\"}\n" +
		"signature=sig\n" +
		"start_param=g1\n" +
		"user={\"id\":7,\"first_name\":\"Zoë\"}"
	raw := "user=%7B%22id%22%3A7%2C%22first_name%22%3A%22Zo%C3%AB%22%7D" +
		"&hash=" + initdatatest.Hash(testToken, check) +
		"&start_param=g1&signature=sig" +
		"&chat=%7B%22id%22%3A-100200%2C%22type%22%3A%22group%22%2C%22title%22%3A%22Bao+%26+friends%22%7D" +
		"&auth_date=1795867200"
	d, err := NewVerifier(testToken, time.Hour).Verify(raw, time.Unix(1795867200, 0).Add(time.Minute))
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if d.User.FirstName != "Zoë" || d.StartParam != "g1" || d.Chat == nil || *d.Chat != (Chat{ID: -100200, Type: "group", Title: "Bao & friends"}) {
		t.Errorf("data = %+v, chat %+v", d, d.Chat)
	}
}

func TestVerifyTamperedField(t *testing.T) {
	v := NewVerifier(testToken, time.Hour)
	good := sign(t, testToken, goodFields())
	q, _ := url.ParseQuery(good)
	for k := range goodFields() {
		for _, change := range []struct {
			name string
			edit func(url.Values)
		}{
			{"changed", func(q url.Values) { q.Set(k, q.Get(k)+"1") }},
			{"removed", func(q url.Values) { q.Del(k) }},
			{"emptied", func(q url.Values) { q.Set(k, "") }},
		} {
			c := url.Values{}
			for kk, vv := range q {
				c[kk] = append([]string(nil), vv...)
			}
			change.edit(c)
			_, err := v.Verify(c.Encode(), now)
			if !errors.Is(err, ErrBadHash) {
				t.Errorf("%s %s: err = %v, want ErrBadHash", k, change.name, err)
			}
		}
	}
	if _, err := v.Verify(good+"&extra=1", now); !errors.Is(err, ErrBadHash) {
		t.Errorf("added field: err = %v, want ErrBadHash", err)
	}
	h := q.Get("hash")
	flipped := strings.Replace(good, h, h[:10]+string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", h[10])+1)%16])+h[11:], 1)
	if _, err := v.Verify(flipped, now); !errors.Is(err, ErrBadHash) {
		t.Errorf("hash digit changed: err = %v, want ErrBadHash", err)
	}
}

func TestVerifyRefuses(t *testing.T) {
	fresh := goodFields()
	old := goodFields()
	old["auth_date"] = strconv.FormatInt(now.Add(-61*time.Minute).Unix(), 10)
	future := goodFields()
	future["auth_date"] = strconv.FormatInt(now.Add(2*time.Minute).Unix(), 10)
	noUser := goodFields()
	delete(noUser, "user")
	badUser := goodFields()
	badUser["user"] = `{"id":"seven"}`
	badDate := goodFields()
	badDate["auth_date"] = "yesterday"
	signed := sign(t, testToken, fresh)
	withoutHash := url.Values{}
	for k, v := range fresh {
		withoutHash.Set(k, v)
	}
	for _, tc := range []struct {
		name string
		raw  string
		want error
	}{
		{"wrong token", sign(t, "123456:another-bot", fresh), ErrBadHash},
		{"stale", sign(t, testToken, old), ErrStale},
		{"future", sign(t, testToken, future), ErrStale},
		{"missing hash", withoutHash.Encode(), ErrMissingHash},
		{"empty hash", withoutHash.Encode() + "&hash=", ErrMissingHash},
		{"empty data", "", ErrMissingHash},
		{"hash not hex", withoutHash.Encode() + "&hash=" + strings.Repeat("zz", 32), ErrBadHash},
		{"short hash", withoutHash.Encode() + "&hash=abcd", ErrBadHash},
		{"duplicated field", signed + "&start_param=other", ErrMalformed},
		{"duplicated hash", signed + "&hash=" + strings.Repeat("0", 64), ErrMalformed},
		{"bad escape", signed + "&user=%zz", ErrMalformed},
		{"semicolon", strings.Replace(signed, "&", ";", 1), ErrMalformed},
		{"no user", sign(t, testToken, noUser), ErrMalformed},
		{"user not an object", sign(t, testToken, badUser), ErrMalformed},
		{"auth_date not a number", sign(t, testToken, badDate), ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := NewVerifier(testToken, time.Hour).Verify(tc.raw, now)
			if !errors.Is(err, tc.want) || d != nil {
				t.Fatalf("Verify = %+v, %v; want %v", d, err, tc.want)
			}
			if strings.Contains(err.Error(), testToken) || strings.Contains(err.Error(), "TEST-token") {
				t.Errorf("error %q shows the token", err)
			}
		})
	}
}

func TestVerifyAgeLimits(t *testing.T) {
	f := goodFields()
	f["auth_date"] = strconv.FormatInt(now.Add(-time.Hour).Unix(), 10)
	if _, err := NewVerifier(testToken, time.Hour).Verify(sign(t, testToken, f), now); err != nil {
		t.Errorf("exactly max age: %v", err)
	}
	f["auth_date"] = strconv.FormatInt(now.Add(DefaultSkew).Unix(), 10)
	if _, err := NewVerifier(testToken, time.Hour).Verify(sign(t, testToken, f), now); err != nil {
		t.Errorf("skew at its limit: %v", err)
	}
	f["auth_date"] = strconv.FormatInt(now.Add(-23*time.Hour).Unix(), 10)
	if _, err := NewVerifier(testToken, 0).Verify(sign(t, testToken, f), now); err != nil {
		t.Errorf("default max age, 23 h: %v", err)
	}
	f["auth_date"] = strconv.FormatInt(now.Add(-25*time.Hour).Unix(), 10)
	if _, err := NewVerifier(testToken, 0).Verify(sign(t, testToken, f), now); !errors.Is(err, ErrStale) {
		t.Errorf("default max age, 25 h: %v, want ErrStale", err)
	}
}

// FuzzVerify feeds arbitrary data: Verify never panics, refuses with one of
// its errors (never showing the token), and accepts only data signed with
// the token.
func FuzzVerify(f *testing.F) {
	f.Add(sign(f, testToken, goodFields()))
	f.Add("hash=00&user=%7B%7D")
	f.Add("a=1&a=2")
	f.Add("%")
	f.Fuzz(func(t *testing.T, raw string) {
		d, err := NewVerifier(testToken, time.Hour).Verify(raw, now)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrMissingHash) && !errors.Is(err, ErrBadHash) && !errors.Is(err, ErrStale) {
				t.Fatalf("unexpected error %v", err)
			}
			if strings.Contains(err.Error(), testToken) {
				t.Fatalf("error %q shows the token", err)
			}
			return
		}
		if d.User.ID == 0 {
			t.Fatalf("accepted without a user: %q", raw)
		}
		if _, err := NewVerifier("999:other", time.Hour).Verify(raw, now); !errors.Is(err, ErrBadHash) {
			t.Fatalf("data accepted for two tokens: %q (%v)", raw, err)
		}
	})
}

// FuzzSignedFields signs arbitrary names and start parameters: whatever
// their bytes, signed data is accepted and read back unchanged.
func FuzzSignedFields(f *testing.F) {
	f.Add("Ama", "AbCd_-12")
	f.Add("a&b=c\nd", "%20+")
	f.Add("Łukasz", "")
	f.Fuzz(func(t *testing.T, name, start string) {
		if !utf8.ValidString(name) {
			t.Skip("JSON names are UTF-8")
		}
		quoted, err := json.Marshal(name)
		if err != nil {
			t.Fatal(err)
		}
		fields := goodFields()
		fields["user"] = `{"id":5,"first_name":` + string(quoted) + `}`
		fields["start_param"] = start
		d, err := NewVerifier(testToken, time.Hour).Verify(sign(t, testToken, fields), now)
		if err != nil {
			t.Fatalf("signed data refused: %v", err)
		}
		if d.StartParam != start || d.User.ID != 5 || d.User.FirstName != name {
			t.Fatalf("read back %+v, want start %q", d, start)
		}
	})
}
