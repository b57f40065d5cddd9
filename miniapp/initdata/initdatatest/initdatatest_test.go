package initdatatest_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/miniapp/initdata"
	"github.com/mancala-bot/mancala/miniapp/initdata/initdatatest"
)

// The test bot's token, and the tests' clock: 2026-11-28 12:00 UTC.
const (
	token = "123456:TEST-token-for-initdatatest"
	noon  = 1795867200
)

// Signed data is what initdata accepts and reads back: the user, the
// start parameter, the chat's fields, the query id (the default one when
// none is given); signed for another bot it is refused.
func TestSignVerifies(t *testing.T) {
	t.Parallel()
	now := time.Unix(noon, 0)
	d := initdatatest.Data{
		User:       initdatatest.User{ID: 42, FirstName: "Zoë", LastName: "Ade", Username: "zoe", LanguageCode: "da"},
		AuthDate:   now.Add(-time.Minute),
		StartParam: "AbCdEfGhIjKlMnOpQrStUv", ChatType: "group", ChatInstance: "-81",
	}
	got, err := initdata.NewVerifier(token, time.Hour).Verify(initdatatest.Sign(token, d), now)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	want := initdata.User{ID: 42, FirstName: "Zoë", LastName: "Ade", Username: "zoe", LanguageCode: "da"}
	if got.User != want || got.StartParam != d.StartParam || got.ChatType != "group" || got.ChatInstance != "-81" ||
		got.QueryID != initdatatest.DefaultQueryID || !got.AuthDate.Equal(d.AuthDate) {
		t.Errorf("read back %+v, user %+v", got, got.User)
	}
	if _, err := initdata.NewVerifier("654321:another-bot", time.Hour).Verify(initdatatest.Sign(token, d), now); !errors.Is(err, initdata.ErrBadHash) {
		t.Errorf("signed for another bot: %v, want ErrBadHash", err)
	}
}

// Empty fields are left out; SignValues ignores a hash already there.
func TestSignLeavesOutEmpty(t *testing.T) {
	t.Parallel()
	raw := initdatatest.Sign(token, initdatatest.Data{User: initdatatest.User{ID: 7, FirstName: "Al"}, AuthDate: time.Unix(noon, 0), QueryID: "Q1"})
	f, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"start_param", "chat_type", "chat_instance"} {
		if f.Has(k) {
			t.Errorf("%s present in %s", k, raw)
		}
	}
	if f.Get("query_id") != "Q1" || f.Get("user") != `{"id":7,"first_name":"Al"}` || f.Get("auth_date") != "1795867200" {
		t.Errorf("fields %v", f)
	}
	hash := f.Get("hash")
	f.Set("hash", "00")
	if again := initdatatest.SignValues(token, f); !strings.Contains(again, "hash="+hash) {
		t.Errorf("signed again with a hash present: %s, want hash %s", again, hash)
	}
}
