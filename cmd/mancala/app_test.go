package main

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// appEnv is the environment of a bot on both platforms with pages on
// https, plus kv.
func appEnv(kv ...string) func(string) string {
	base := []string{
		"TELEGRAM_TOKEN", "123:tg-secret-token", "DISCORD_TOKEN", "dc-token", "DISCORD_APP_ID", "4242",
		"HTTP_ADDR", ":8080", "PUBLIC_URL", "https://mancala.example.com/play",
	}
	return envOf(append(base, kv...)...)
}

// The board app's settings: off without any; each platform's switch with
// what it needs; APP_MAX_AGE's default and bounds.
func TestAppConfigFromEnv(t *testing.T) {
	for _, c := range []struct {
		name string
		env  func(string) string
		want appConfig
	}{
		{"nothing", appEnv(), appConfig{MaxAge: 24 * time.Hour}},
		{"telegram", appEnv("TELEGRAM_APP_NAME", "board"), appConfig{TelegramAppName: "board", MaxAge: 24 * time.Hour}},
		{"discord, the app's id", appEnv("DISCORD_ACTIVITY", "on", "DISCORD_CLIENT_SECRET", "s3cr3t"),
			appConfig{DiscordActivity: true, DiscordClientID: "4242", DiscordClientSecret: "s3cr3t", MaxAge: 24 * time.Hour}},
		{"discord, its own client id", appEnv("DISCORD_ACTIVITY", "true", "DISCORD_CLIENT_ID", "77", "DISCORD_CLIENT_SECRET", "s3cr3t"),
			appConfig{DiscordActivity: true, DiscordClientID: "77", DiscordClientSecret: "s3cr3t", MaxAge: 24 * time.Hour}},
		{"both, max age", appEnv("TELEGRAM_APP_NAME", "Mancala_Board", "DISCORD_ACTIVITY", "1", "DISCORD_CLIENT_SECRET", "s3cr3t", "APP_MAX_AGE", "2h"),
			appConfig{TelegramAppName: "Mancala_Board", DiscordActivity: true, DiscordClientID: "4242", DiscordClientSecret: "s3cr3t", MaxAge: 2 * time.Hour}},
		{"activity off", appEnv("DISCORD_ACTIVITY", "off", "DISCORD_CLIENT_SECRET", "s3cr3t"),
			appConfig{DiscordClientSecret: "s3cr3t", MaxAge: 24 * time.Hour}},
	} {
		cfg, err := configFromEnv(c.env)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if cfg.App != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, cfg.App, c.want)
		}
	}
}

// Settings that cannot work are refused at start, naming the variable
// and never the secret.
func TestAppConfigRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		env  func(string) string
		want string
	}{
		{"no PUBLIC_URL", envOf("TELEGRAM_TOKEN", "123:tg-secret-token", "TELEGRAM_APP_NAME", "board"), "TELEGRAM_APP_NAME: needs PUBLIC_URL"},
		{"http PUBLIC_URL", appEnv("PUBLIC_URL", "http://mancala.example.com", "TELEGRAM_APP_NAME", "board"), "TELEGRAM_APP_NAME: needs PUBLIC_URL on https"},
		{"bad app name", appEnv("TELEGRAM_APP_NAME", "my board"), "TELEGRAM_APP_NAME: \"my board\" is not a Mini App's short name"},
		{"short app name", appEnv("TELEGRAM_APP_NAME", "ab"), "TELEGRAM_APP_NAME: \"ab\""},
		{"no telegram token", envOf("HTTP_ADDR", ":8080", "PUBLIC_URL", "https://m.example.com", "TELEGRAM_APP_NAME", "board"), "TELEGRAM_APP_NAME: needs TELEGRAM_TOKEN"},
		{"activity without secret", appEnv("DISCORD_ACTIVITY", "on"), "DISCORD_ACTIVITY: needs DISCORD_CLIENT_SECRET"},
		{"activity without PUBLIC_URL", envOf("DISCORD_TOKEN", "t", "DISCORD_APP_ID", "1", "DISCORD_ACTIVITY", "on", "DISCORD_CLIENT_SECRET", "s3cr3t"), "DISCORD_ACTIVITY: needs PUBLIC_URL"},
		{"activity without discord", envOf("HTTP_ADDR", ":8080", "PUBLIC_URL", "https://m.example.com", "DISCORD_ACTIVITY", "on", "DISCORD_CLIENT_SECRET", "s3cr3t"), "DISCORD_ACTIVITY: needs DISCORD_TOKEN"},
		{"activity maybe", appEnv("DISCORD_ACTIVITY", "maybe"), "DISCORD_ACTIVITY: \"maybe\" is not on or off"},
		{"client id", appEnv("DISCORD_ACTIVITY", "on", "DISCORD_CLIENT_SECRET", "s3cr3t", "DISCORD_CLIENT_ID", "app"), "DISCORD_CLIENT_ID: want a numeric"},
		{"max age", appEnv("APP_MAX_AGE", "soon"), "APP_MAX_AGE: \"soon\" is not a duration"},
		{"max age short", appEnv("APP_MAX_AGE", "10s"), "APP_MAX_AGE: 10s is out of range"},
		{"max age long", appEnv("APP_MAX_AGE", "1000h"), "APP_MAX_AGE: 1000h0m0s is out of range"},
	} {
		_, err := configFromEnv(c.env)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error starting %q", c.name, err, c.want)
			continue
		}
		if strings.Contains(err.Error(), "s3cr3t") || strings.Contains(err.Error(), "tg-secret-token") {
			t.Errorf("%s: the error shows a secret: %v", c.name, err)
		}
	}
}

// The client secret is never printed: not by the configuration's String,
// not by fmt's verbs, not in a log.
func TestAppSecretNotShown(t *testing.T) {
	cfg, err := configFromEnv(appEnv("DISCORD_ACTIVITY", "on", "DISCORD_CLIENT_SECRET", "s3cr3t", "TELEGRAM_APP_NAME", "board"))
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	slog.New(slog.NewTextHandler(&logs, nil)).Info("config", "app", cfg.App, "secret", cfg.App.DiscordClientSecret)
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("config", "secret", cfg.App.DiscordClientSecret)
	for _, s := range []string{cfg.String(), fmt.Sprintf("%v %+v %#v %s", cfg.App, cfg.App, cfg.App, cfg.App.DiscordClientSecret), logs.String()} {
		if strings.Contains(s, "s3cr3t") {
			t.Errorf("the secret is shown: %s", s)
		}
	}
	if want := `board app telegram mini app "board" (launch data for 24h0m0s), discord activity (client 4242, secret (set))`; !strings.Contains(cfg.String(), want) {
		t.Errorf("String() = %s\nwant it to say %s", cfg.String(), want)
	}
}

// The session key: 32 bytes, the same for the same secrets (every process
// agrees), another for another token or client secret.
func TestAppSessionKey(t *testing.T) {
	key := func(kv ...string) []byte {
		t.Helper()
		cfg, err := configFromEnv(appEnv(append([]string{"TELEGRAM_APP_NAME", "board", "DISCORD_ACTIVITY", "on", "DISCORD_CLIENT_SECRET", "s3cr3t"}, kv...)...))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.appSessionKey()
	}
	a := key()
	if len(a) != 32 || !bytes.Equal(a, key()) {
		t.Fatalf("key %x (%d bytes), again %x", a, len(a), key())
	}
	for _, other := range [][]byte{key("TELEGRAM_TOKEN", "123:other"), key("DISCORD_CLIENT_SECRET", "other")} {
		if bytes.Equal(a, other) {
			t.Errorf("another secret, the same key %x", a)
		}
	}
}
