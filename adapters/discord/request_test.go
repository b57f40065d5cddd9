package discord

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
)

// fixture reads testdata/name, a real-shaped INTERACTION_CREATE payload,
// the way discordgo decodes it from the gateway.
func fixture(t *testing.T, name string) *discordgo.Interaction {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var ic discordgo.InteractionCreate
	if err := json.Unmarshal(raw, &ic); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return ic.Interaction
}

const (
	fixApp   = "1180000000000000001"
	fixAlice = "1180000000000000201"
	fixBob   = "1180000000000000202"
	fixChan  = "1180000000000000300"
)

func TestToRequest(t *testing.T) {
	alice := bot.User{ID: fixAlice, Name: "Alice", Mention: "<@" + fixAlice + ">"}
	with := func(u bot.User, locale string) bot.User { u.Locale = locale; return u }
	tests := []struct {
		fixture string
		want    bot.Request
		ok      bool
	}{
		{"command_new_opponent.json", bot.Request{
			Platform: "discord", Channel: fixChan, User: with(alice, "ru"),
			Command: "new", Args: []string{"kalah", "<@" + fixBob + ">", "seeds=5", "second"},
		}, true},
		{"command_new_bot.json", bot.Request{
			Platform: "discord", Channel: fixChan,
			User:    bot.User{ID: fixAlice, Name: "Ala", Locale: "pl", Mention: "<@" + fixAlice + ">"},
			Command: "new", Args: []string{"oware", "bot", "easy"},
		}, true},
		{"command_new_self.json", bot.Request{
			Platform: "discord", Channel: fixChan, User: with(alice, "en-US"),
			Command: "new", Args: []string{"kalah", "bot", "beginner"},
		}, true},
		{"command_move.json", bot.Request{
			Platform: "discord", Channel: fixChan, User: with(alice, "en-US"),
			Command: "move", Args: []string{"3"},
		}, true},
		{"command_dm_lang.json", bot.Request{
			Platform: "discord", Channel: "1180000000000000900",
			User:    bot.User{ID: fixAlice, Name: "alice", Locale: "da", Mention: "<@" + fixAlice + ">"},
			Command: "lang", Args: []string{"da"},
		}, true},
		{"command_help.json", bot.Request{
			Platform: "discord", Channel: fixChan, User: with(alice, "en-GB"), Command: "help",
		}, true},
		{"component_button.json", bot.Request{
			Platform: "discord", Channel: fixChan,
			User:   bot.User{ID: fixBob, Name: "Bob", Locale: "da", Mention: "<@" + fixBob + ">"},
			Button: "m:7:12:3",
		}, true},
		{"autocomplete.json", bot.Request{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			got, ok := toRequest(fixture(t, tt.fixture), fixApp)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("request\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestKindOf(t *testing.T) {
	for name, want := range map[string]interactionKind{
		"command_move.json": kindCommand, "component_button.json": kindComponent, "autocomplete.json": kindOther,
	} {
		if got := kindOf(fixture(t, name)); got != want {
			t.Errorf("%s: kind %d, want %d", name, got, want)
		}
	}
}

// The bot's own user id (from READY) also means "against the bot", when it
// differs from the application id.
func TestOpponentIsBotUser(t *testing.T) {
	i := fixture(t, "command_new_self.json")
	got, _ := toRequest(i, "999", fixApp)
	if want := []string{"kalah", "bot", "beginner"}; !reflect.DeepEqual(got.Args, want) {
		t.Errorf("args %q, want %q", got.Args, want)
	}
	got, _ = toRequest(i, "999")
	if want := []string{"kalah", "<@" + fixApp + ">", "bot", "beginner"}; !reflect.DeepEqual(got.Args, want) {
		t.Errorf("args %q, want %q", got.Args, want)
	}
}
