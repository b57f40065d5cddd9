package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
)

func TestCommandTable(t *testing.T) {
	cmds, notes, err := commandTable(DefaultLevels)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) > 0 {
		t.Errorf("localized names that fell back to English: %q", notes)
	}
	var names []string
	perLocale := map[discordgo.Locale]map[string]string{}
	for _, c := range cmds {
		names = append(names, c.Name)
		if !validName(c.Name) {
			t.Errorf("/%s: invalid name", c.Name)
		}
		if n := len([]rune(c.Description)); n < 1 || n > 100 {
			t.Errorf("/%s: description of %d characters", c.Name, n)
		}
		if want := locales.Text(locales.EN, "cmd_"+c.Name, nil); c.Description != want {
			t.Errorf("/%s: description %q, want cmd_%s %q", c.Name, c.Description, c.Name, want)
		}
		if c.NameLocalizations == nil || c.DescriptionLocalizations == nil {
			t.Fatalf("/%s: no localizations", c.Name)
		}
		for _, l := range []locales.Lang{locales.RU, locales.DA, locales.PL} {
			loc := discordLocales[l]
			n, ok := (*c.NameLocalizations)[loc]
			if !ok || !validName(n) {
				t.Errorf("/%s: %s name %q", c.Name, loc, n)
			}
			if perLocale[loc] == nil {
				perLocale[loc] = map[string]string{}
			}
			if other, dup := perLocale[loc][n]; dup {
				t.Errorf("%s: /%s and /%s are both %q", loc, other, c.Name, n)
			}
			perLocale[loc][n] = c.Name
			if d := (*c.DescriptionLocalizations)[loc]; d != locales.Text(l, "cmd_"+c.Name, nil) {
				t.Errorf("/%s: %s description %q", c.Name, loc, d)
			}
		}
		required := true
		for _, o := range c.Options {
			if !validName(o.Name) || len(o.Description) == 0 || len([]rune(o.Description)) > 100 {
				t.Errorf("/%s %s: bad name or description", c.Name, o.Name)
			}
			for loc, n := range o.NameLocalizations {
				if !validName(n) {
					t.Errorf("/%s %s: %s name %q", c.Name, o.Name, loc, n)
				}
			}
			if len(o.DescriptionLocalizations) != 3 {
				t.Errorf("/%s %s: description localizations %v", c.Name, o.Name, o.DescriptionLocalizations)
			}
			if o.Required && !required {
				t.Errorf("/%s: required option %s after an optional one", c.Name, o.Name)
			}
			required = o.Required
			if len(o.Choices) > 25 {
				t.Errorf("/%s %s: %d choices", c.Name, o.Name, len(o.Choices))
			}
		}
	}
	if !slices.Equal(names, botCommandNames()) {
		t.Errorf("commands %q", names)
	}
}

// Every command the slash commands name is one the bot knows: it answers
// none of them with "unknown command".
func TestCommandsKnownToBot(t *testing.T) {
	h := newBotOnly(t)
	for _, name := range botCommandNames() {
		rs := h.Handle(context.Background(), bot.Request{Platform: Platform, Channel: "c", Command: name, User: bot.User{ID: "1"}})
		for _, r := range rs {
			if strings.Contains(r.Text, locales.Text(locales.EN, "err_unknown_command", map[string]any{"Command": name})) {
				t.Errorf("/%s: %q", name, r.Text)
			}
		}
	}
}

// /rules offers every variant, /new every one but the solitaires, each
// named in each language.
func TestVariantChoices(t *testing.T) {
	all, two := optionOf(t, "rules", "variant").Choices, optionOf(t, "new", "variant").Choices
	if len(all) != len(engine.Variants()) {
		t.Errorf("/rules offers %d variants, want %d", len(all), len(engine.Variants()))
	}
	if len(two) == 0 || len(two) >= len(all) {
		t.Errorf("/new offers %d variants of %d", len(two), len(all))
	}
	for _, c := range two {
		v, err := engine.Lookup(c.Value.(string))
		if err != nil || v.Players == 1 {
			t.Errorf("/new offers %v", c.Value)
			continue
		}
		if c.NameLocalizations[discordgo.Russian] != locales.VariantName(locales.RU, v.ID) {
			t.Errorf("%s: Russian name %q", v.ID, c.NameLocalizations[discordgo.Russian])
		}
	}
}

// optionOf is option name of the registered command cmd.
func optionOf(t *testing.T, cmd, name string) *discordgo.ApplicationCommandOption {
	t.Helper()
	cmds, _, err := commandTable(DefaultLevels)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		for _, o := range c.Options {
			if c.Name == cmd && o.Name == name {
				return o
			}
		}
	}
	t.Fatalf("/%s has no option %s", cmd, name)
	return nil
}

// /top offers the games the bot rates (two seats: no solitaire, no
// Ruma) and a "global" switch, localized.
func TestTopOptions(t *testing.T) {
	cmds, _, err := commandTable(DefaultLevels)
	if err != nil {
		t.Fatal(err)
	}
	var top *discordgo.ApplicationCommand
	for _, c := range cmds {
		if c.Name == "top" {
			top = c
		}
	}
	if top == nil || len(top.Options) != 2 {
		t.Fatalf("/top: %+v", top)
	}
	variant, global := top.Options[0], top.Options[1]
	if variant.Name != "variant" || variant.Type != discordgo.ApplicationCommandOptionString || variant.Required ||
		global.Name != "global" || global.Type != discordgo.ApplicationCommandOptionBoolean || global.Required {
		t.Errorf("/top options: %+v, %+v", variant, global)
	}
	if global.NameLocalizations[discordgo.Russian] != "везде" ||
		global.DescriptionLocalizations[discordgo.Polish] != locales.Text(locales.PL, "arg_global", nil) {
		t.Errorf("global's localizations: %v, %v", global.NameLocalizations, global.DescriptionLocalizations)
	}
	var ids []string
	for _, c := range variant.Choices {
		ids = append(ids, c.Value.(string))
	}
	for _, want := range []string{"kalah", "oware", "togyz", "bao"} {
		if !slices.Contains(ids, want) {
			t.Errorf("/top does not offer %s: %v", want, ids)
		}
	}
	for _, unrated := range []string{"tchuka", "ruma"} {
		if slices.Contains(ids, unrated) {
			t.Errorf("/top offers %s, which is not rated: %v", unrated, ids)
		}
	}
}

// A name Discord would refuse falls back to English for that locale, and
// the fallback is reported; valid names are used.
func TestInvalidLocalNameFallsBack(t *testing.T) {
	b := &tableBuilder{}
	// cmd_draw's texts have spaces and capitals: no valid names.
	names, descs := b.localize("command /draw", "draw", "cmd_draw", "cmd_draw")
	if len(names) != 0 || len(descs) != 3 {
		t.Errorf("localizations %v, %v: want no names and three descriptions", names, descs)
	}
	if len(b.notes) != 3 || !strings.Contains(b.notes[0], `command /draw: Russian name "Предложить ничью или согласиться на неё" is not a valid Discord name; "draw" is used`) {
		t.Errorf("notes %q", b.notes)
	}
	b = &tableBuilder{}
	names, _ = b.localize("command /draw", "draw", "cmdname_draw", "cmd_draw")
	if names[discordgo.Russian] != "ничья" || names[discordgo.Danish] != "uafgjort" || names[discordgo.Polish] != "remis" || len(b.notes) != 0 {
		t.Errorf("names %v, notes %q", names, b.notes)
	}
}

func TestParseAPIBase(t *testing.T) {
	for in, want := range map[string]string{
		"http://127.0.0.1:8080":         "http://127.0.0.1:8080",
		"http://127.0.0.1:8080/":        "http://127.0.0.1:8080",
		"http://127.0.0.1:8080/api/v9/": "http://127.0.0.1:8080",
		"https://proxy.example/api":     "https://proxy.example",
		"https://proxy.example/discord": "https://proxy.example/discord",
	} {
		u, err := parseAPIBase(in)
		if err != nil || u.String() != want {
			t.Errorf("parseAPIBase(%q) = %v, %v; want %s", in, u, err, want)
		}
	}
	for _, bad := range []string{"127.0.0.1:8080", "ftp://x", "http://", ":::"} {
		if _, err := parseAPIBase(bad); err == nil {
			t.Errorf("parseAPIBase(%q): no error", bad)
		}
	}
}

func TestRewriteTransport(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Host+" "+r.URL.Path+"?"+r.URL.RawQuery)
	}))
	defer srv.Close()
	base, _ := parseAPIBase(srv.URL + "/prefix")
	c := &http.Client{Transport: rewriteTransport{base: base, next: http.DefaultTransport}}
	resp, err := c.Get(discordgo.EndpointGateway + "?x=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	want := strings.TrimPrefix(srv.URL, "http://") + " /prefix/api/v" + discordgo.APIVersion + "/gateway?x=1"
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if discordgo.EndpointGateway != "https://discord.com/api/v"+discordgo.APIVersion+"/gateway" {
		t.Errorf("discordgo's endpoints were changed: %s", discordgo.EndpointGateway)
	}
}

func TestRedactor(t *testing.T) {
	r := redactor{token: "MTIzNDU2.secret.token"}
	in := `Post "https://discord.com/api/v9/interactions/123/aW50ZXJh-tok_en/callback": auth Bot MTIzNDU2.secret.token; ` +
		`PATCH https://discord.com/api/v9/webhooks/1180/aW50ZXJhY3Rpb24xyz/messages/@original`
	out := r.String(in)
	for _, secret := range []string{"MTIzNDU2.secret.token", "aW50ZXJh-tok_en", "aW50ZXJhY3Rpb24xyz"} {
		if strings.Contains(out, secret) {
			t.Errorf("%q still contains %q", out, secret)
		}
	}
	if !strings.Contains(out, "/interactions/123/[token]/callback") || !strings.Contains(out, "/webhooks/1180/[token]/messages/@original") {
		t.Errorf("redacted: %q", out)
	}
	base := restError(404)
	err := r.Error(fmt.Errorf("x MTIzNDU2.secret.token: %w", base))
	if strings.Contains(err.Error(), "secret") {
		t.Errorf("error %q", err)
	}
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Errorf("redacted error lost its cause")
	}
}

func TestNewErrors(t *testing.T) {
	h := HandlerFunc(func(context.Context, bot.Request) []bot.Reply { return nil })
	for _, tt := range []struct {
		cfg  Config
		h    Handler
		want string
	}{
		{Config{AppID: "1"}, h, "Token is required"},
		{Config{Token: "Bot  "}, h, "Token is required"},
		{Config{Token: "sekrit-token"}, h, "AppID is required"},
		{Config{Token: "sekrit-token", AppID: "1", APIBase: "localhost:1"}, h, "APIBase"},
		{Config{Token: "sekrit-token", AppID: "1"}, nil, "no handler"},
	} {
		_, err := New(tt.cfg, tt.h)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "sekrit") {
			t.Errorf("New(%+v): %v, want an error about %s", tt.cfg.APIBase, err, tt.want)
		}
	}
	if _, err := New(Config{Token: "Bot sekrit-token", AppID: "1"}, h); err != nil {
		t.Errorf("valid config: %v", err)
	}
}

// botCommandNames are the names of the bot's command table, in order.
func botCommandNames() []string {
	var out []string
	for _, c := range bot.Commands {
		out = append(out, c.Name)
	}
	return out
}
