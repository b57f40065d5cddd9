package discord

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// opt is a command option as Discord sends it in an interaction: strings
// and user ids as strings, integers as float64, booleans as bool.
func opt(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: v}
	switch v.(type) {
	case string:
		o.Type = discordgo.ApplicationCommandOptionString
	case float64:
		o.Type = discordgo.ApplicationCommandOptionInteger
	case bool:
		o.Type = discordgo.ApplicationCommandOptionBoolean
	}
	return o
}

// The words each command's options become, in the order the bot's typed
// syntax has them. "1180" is the bot itself.
func TestCommandArgs(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want []string
	}{
		{"new", nil, nil},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah")}, []string{"kalah"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", " oware "), opt("opponent", "7")}, []string{"oware", "<@7>"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "1180"), opt("level", "hard")}, []string{"kalah", "bot", "hard"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("level", "hard"), opt("variant", "kalah")}, []string{"kalah", "bot", "hard"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "7"), opt("level", "easy")}, []string{"kalah", "<@7>", "bot", "easy"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "1180")}, []string{"kalah", "bot"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("options", " second  seeds=5 ")}, []string{"kalah", "second", "seeds=5"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{
			opt("opponent3", "9"), opt("opponent2", "8"), opt("variant", "ruma"), opt("opponent", "7"), opt("options", "x=1"),
		}, []string{"ruma", "<@7>", "x=1", "<@8>", "<@9>"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "ruma"), opt("opponent2", "1180"), opt("opponent3", "9")}, []string{"ruma", "<@9>"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "")}, []string{"kalah"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", "3")}, []string{"3"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", " 6R ")}, []string{"6R"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", "6 R")}, []string{"6", "R"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", 4.0)}, []string{"4"}},
		{"move", nil, nil},
		{"rules", nil, nil},
		{"rules", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "bao")}, []string{"bao"}},
		{"lang", []*discordgo.ApplicationCommandInteractionDataOption{opt("language", "ru")}, []string{"ru"}},
		{"lang", []*discordgo.ApplicationCommandInteractionDataOption{opt("language", "pl"), opt("channel", true)}, []string{"channel", "pl"}},
		{"lang", []*discordgo.ApplicationCommandInteractionDataOption{opt("language", "pl"), opt("channel", false)}, []string{"pl"}},
		{"puzzle", nil, nil},
		{"puzzle", []*discordgo.ApplicationCommandInteractionDataOption{opt("answer", "3 1  2")}, []string{"3", "1", "2"}},
		{"puzzle", []*discordgo.ApplicationCommandInteractionDataOption{opt("answer", "giveup")}, []string{"giveup"}},
		{"top", nil, nil},
		{"top", []*discordgo.ApplicationCommandInteractionDataOption{opt("global", true)}, []string{"global"}},
		{"top", []*discordgo.ApplicationCommandInteractionDataOption{opt("global", true), opt("variant", "oware")}, []string{"oware", "global"}},
		{"top", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "oware"), opt("global", false)}, []string{"oware"}},
		{"notify", nil, nil},
		{"notify", []*discordgo.ApplicationCommandInteractionDataOption{opt("state", "off")}, []string{"off"}},
		{"help", nil, nil},
		// An option the command does not have is ignored.
		{"help", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah")}, nil},
		{"board", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", "3")}, nil},
	} {
		data := discordgo.ApplicationCommandInteractionData{Name: tt.name, Options: tt.opts}
		if got := commandArgs(data, []string{"1180"}); !slices.Equal(got, tt.want) {
			var in []string
			for _, o := range tt.opts {
				in = append(in, o.Name)
			}
			t.Errorf("/%s %v: args %q, want %q", tt.name, in, got, tt.want)
		}
	}
}
