package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
)

// A user's name reaches the bot without control or bidirectional
// formatting characters (issue 26): U+202E would show "Evil\u202Egnp.exe"
// as "Evilexe.png" in the texts that name the player.
func TestDisplayNameCleaned(t *testing.T) {
	for _, c := range []struct {
		user discordgo.User
		nick string
		want string
	}{
		{discordgo.User{Username: "eve", GlobalName: "Evil\u202Egnp.exe"}, "", "Evilgnp.exe"},
		{discordgo.User{Username: "eve"}, "\u2067Eve\u2069\a *boss*\n", "Eve boss "},
		{discordgo.User{Username: "eve\u200f"}, "", "eve"},
		{discordgo.User{Username: "eve", GlobalName: "Ева 🎲"}, "", "Ева 🎲"},
	} {
		i := &discordgo.Interaction{}
		if c.nick != "" {
			i.Member = &discordgo.Member{Nick: c.nick, User: &c.user}
		}
		if got := displayName(i, &c.user); got != c.want {
			t.Errorf("displayName(%+q, nick %+q) = %+q, want %+q", c.user.GlobalName, c.nick, got, c.want)
		}
	}
}

// A word typed in asterisks and underscores, quoted in a refusal, shows
// as typed: the markdown characters escaped, not read as bold or italics.
func TestQuotedWordEscaped(t *testing.T) {
	t.Parallel()
	h := start(t, setup{})
	ix := h.command(alice, "en-US", "new", discordtest.Opt("variant", "*ka_lah*"))
	out := ix.Wait(t)
	want := `I don’t know the game “\*ka\_lah\*”.`
	if !out.Message.Ephemeral || !strings.HasPrefix(out.Message.Content, want) {
		t.Errorf("refusal %q, want it to start %q", out.Message.Content, want)
	}
}
