package discord

import (
	"context"
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
	// fixLink is the fixtures' channel's link, in their guild.
	fixLink = "https://discord.com/channels/1180000000000000100/" + fixChan
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
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US", User: with(alice, "ru"),
			Command: "new", Args: []string{"kalah", "<@" + fixBob + ">", "seeds=5", "second"},
		}, true},
		{"command_new_table.json", bot.Request{
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US", User: with(alice, "ru"),
			Command: "new", Args: []string{"ruma", "<@" + fixBob + ">", "<@1180000000000000203>", "<@1180000000000000204>"},
		}, true},
		{"command_new_bot.json", bot.Request{
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US",
			User:    bot.User{ID: fixAlice, Name: "Ala", Locale: "pl", Mention: "<@" + fixAlice + ">"},
			Command: "new", Args: []string{"oware", "bot", "easy"},
		}, true},
		{"command_new_self.json", bot.Request{
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US", User: with(alice, "en-US"),
			Command: "new", Args: []string{"kalah", "bot", "beginner"},
		}, true},
		{"command_move.json", bot.Request{
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US", User: with(alice, "en-US"),
			Command: "move", Args: []string{"3"},
		}, true},
		{"command_dm_lang.json", bot.Request{
			Platform: "discord", Channel: "1180000000000000900", ChannelLink: "https://discord.com/channels/@me/1180000000000000900",
			User:    bot.User{ID: fixAlice, Name: "alice", Locale: "da", Mention: "<@" + fixAlice + ">"},
			Command: "lang", Args: []string{"da"},
		}, true},
		{"command_help.json", bot.Request{
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US", User: with(alice, "en-GB"), Command: "help",
		}, true},
		{"command_top_global.json", bot.Request{
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US", User: with(alice, "ru"),
			Command: "top", Args: []string{"oware", "global"},
		}, true},
		{"component_button.json", bot.Request{
			Platform: "discord", Channel: fixChan, ChannelLink: fixLink, ChannelLocale: "en-US",
			User:   bot.User{ID: fixBob, Name: "Bob", Locale: "da", Mention: "<@" + fixBob + ">"},
			Button: "m:7:12:3",
		}, true},
		{"autocomplete.json", bot.Request{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			i := fixture(t, tt.fixture)
			got, ok := toRequest(i, fixApp)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if ok {
				if got.EventID == "" || got.EventID != i.ID {
					t.Errorf("EventID %q, want the interaction id %q", got.EventID, i.ID)
				}
				got.EventID = "" // the fixtures' wants leave it out
				if got.CanManage == nil {
					t.Fatal("no CanManage")
				}
				got.CanManage = nil // TestCanManage
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

// CanManage: Administrator, Manage Channels or Manage Server in the
// member's permissions, or a DM; ChannelLocale is the guild's locale, and
// empty in a DM.
func TestCanManage(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		perms int64
		want  bool
	}{
		{2248473465835073, false}, // the fixture's: send messages, read history, ... but no management
		{2248473465835073 | discordgo.PermissionAdministrator, true},
		{discordgo.PermissionManageChannels, true},
		{discordgo.PermissionManageGuild, true},
		{discordgo.PermissionManageMessages | discordgo.PermissionManageRoles | discordgo.PermissionBanMembers, false},
		{0, false},
	} {
		i := fixture(t, "command_help.json")
		i.Member.Permissions = tc.perms
		req, ok := toRequest(i, fixApp)
		if !ok || req.CanManage(ctx) != tc.want {
			t.Errorf("permissions %b: CanManage %v, want %v", tc.perms, req.CanManage(ctx), tc.want)
		}
		if req.ChannelLocale != "en-US" {
			t.Errorf("ChannelLocale %q", req.ChannelLocale)
		}
	}
	i := fixture(t, "command_help.json")
	pl := discordgo.Polish
	i.GuildLocale = &pl
	if req, _ := toRequest(i, fixApp); req.ChannelLocale != "pl" {
		t.Errorf("ChannelLocale %q, want pl", req.ChannelLocale)
	}
	dm, ok := toRequest(fixture(t, "command_dm_lang.json"), fixApp)
	if !ok || !dm.CanManage(ctx) || dm.ChannelLocale != "" {
		t.Errorf("a DM: CanManage %v, ChannelLocale %q", dm.CanManage(ctx), dm.ChannelLocale)
	}
	// A guild interaction without a member (it should not happen) is no.
	i = fixture(t, "command_help.json")
	i.User, i.Member = i.Member.User, nil
	if req, ok := toRequest(i, fixApp); !ok || req.CanManage(ctx) {
		t.Error("a guild interaction without a member can manage")
	}
}
