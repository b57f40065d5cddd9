package discordtest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"testing"
	"time"
)

// User is a Discord user who acts in a test.
type User struct {
	ID         string
	Username   string
	GlobalName string
	// Nick is the guild nickname ("" for none).
	Nick string
	Bot  bool
}

// Mention is how a message mentions the user.
func (u User) Mention() string { return "<@" + u.ID + ">" }

func (u User) wire() map[string]any {
	var global any
	if u.GlobalName != "" {
		global = u.GlobalName
	}
	m := map[string]any{
		"id": u.ID, "username": u.Username, "global_name": global, "discriminator": "0",
		"avatar": nil, "avatar_decoration_data": nil, "clan": nil, "public_flags": 0,
	}
	if u.Bot {
		m["bot"] = true
	}
	return m
}

func (u User) member() map[string]any {
	var nick any
	if u.Nick != "" {
		nick = u.Nick
	}
	return map[string]any{
		"avatar": nil, "banner": nil, "communication_disabled_until": nil, "deaf": false, "flags": 0,
		"joined_at": "2025-03-01T18:00:00.000000+00:00", "mute": false, "nick": nick, "pending": false,
		"permissions": "2248473465835073", "premium_since": nil, "roles": []any{},
		"unusual_dm_activity_until": nil, "user": u.wire(),
	}
}

// Option is a slash command option as the user filled it in. The value's
// Go type gives the option type: string (3), int (4), bool (5), User (6),
// float64 (10).
type Option struct {
	Name  string
	Value any
}

// Opt is Option{name, value}.
func Opt(name string, value any) Option { return Option{Name: name, Value: value} }

// The operations that answer an interaction (Output.Op).
const (
	OpReply          = "reply"           // response type 4: a new message
	OpDefer          = "defer"           // response type 5: a "thinking…" message
	OpDeferUpdate    = "defer-update"    // response type 6: nothing visible yet
	OpUpdate         = "update"          // response type 7: the pressed message edited
	OpEditOriginal   = "edit-original"   // PATCH @original
	OpEditFollowup   = "edit-followup"   // PATCH of a follow-up
	OpDeleteOriginal = "delete-original" // DELETE @original
	OpFollowup       = "followup"        // POST to the interaction's webhook
	// OpLaunchActivity is response type 12, LAUNCH_ACTIVITY: the
	// application's Activity opens for the user; no message.
	OpLaunchActivity = "launch-activity"
)

// Output is one thing the bot did to answer an interaction, with the
// message it created or changed, as it was right after.
type Output struct {
	Op        string
	MessageID string
	Message   Message
}

// Visible reports whether the output shows the user an answer (as opposed
// to a deferral or a deletion).
func (o Output) Visible() bool {
	switch o.Op {
	case OpReply, OpUpdate, OpEditOriginal, OpEditFollowup, OpFollowup:
		return true
	}
	return false
}

// Interaction is an interaction the test injected.
type Interaction struct {
	ID        string
	Token     string
	ChannelID string
	// Type is 2 (slash command) or 3 (button press).
	Type      int
	Name      string // the command
	CustomID  string // the button
	MessageID string // the message of the pressed button
	User      User
	Locale    string

	// HTTPStatus is the status of the bot's answer to the interaction's
	// HTTP request (HTTP interactions only; 0 until it came).
	HTTPStatus int

	s *Server
	// guarded by s.mu
	viaHTTP   bool
	sentAt    time.Time
	acked     bool
	ackType   int
	expired   bool
	original  string
	followups []string
	outputs   []Output
}

// Outputs returns what the bot has done so far to answer.
func (ix *Interaction) Outputs() []Output {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	return append([]Output(nil), ix.outputs...)
}

// Visible returns the visible outputs so far.
func (ix *Interaction) Visible() []Output {
	var out []Output
	for _, o := range ix.Outputs() {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

// Wait waits for the first visible answer and returns it.
func (ix *Interaction) Wait(tb testing.TB) Output {
	tb.Helper()
	return ix.WaitN(tb, 1)[0]
}

// WaitN waits for the first n visible answers.
func (ix *Interaction) WaitN(tb testing.TB, n int) []Output {
	tb.Helper()
	var got []Output
	ix.s.WaitFor(tb, fmt.Sprintf("%d answer(s) to interaction %s (%s%s)", n, ix.ID, ix.Name, ix.CustomID), func() bool {
		got = ix.Visible()
		return len(got) >= n
	})
	return got[:n]
}

// WaitOp waits for an output with the operation op and returns the first.
func (ix *Interaction) WaitOp(tb testing.TB, op string) Output {
	tb.Helper()
	var got Output
	ix.s.WaitFor(tb, fmt.Sprintf("%s for interaction %s", op, ix.ID), func() bool {
		for _, o := range ix.Outputs() {
			if o.Op == op {
				got = o
				return true
			}
		}
		return false
	})
	return got
}

// output records an answer; s.mu must be held.
func (s *Server) output(ix *Interaction, op string, m *Message) {
	o := Output{Op: op}
	if m != nil {
		o.MessageID, o.Message = m.ID, m.snapshot()
	}
	ix.outputs = append(ix.outputs, o)
	s.notify()
}

func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return "aW50ZXJhY3Rpb24" + hex.EncodeToString(b)
}

// SlashCommand injects a user's slash command in channel and returns the
// interaction. locale is the user's client locale ("ru", "en-US", ...).
// It waits (up to WaitTimeout) for a bot on the gateway.
func (s *Server) SlashCommand(channel string, user User, locale, name string, options ...Option) *Interaction {
	ix := s.newInteraction(channel, user, locale, 2)
	ix.Name = name
	var opts []any
	users := map[string]any{}
	members := map[string]any{}
	for _, o := range options {
		opt := map[string]any{"name": o.Name}
		switch v := o.Value.(type) {
		case string:
			opt["type"], opt["value"] = 3, v
		case int:
			opt["type"], opt["value"] = 4, v
		case bool:
			opt["type"], opt["value"] = 5, v
		case User:
			opt["type"], opt["value"] = 6, v.ID
			users[v.ID] = v.wire()
			mem := v.member()
			delete(mem, "user")
			members[v.ID] = mem
		case float64:
			opt["type"], opt["value"] = 10, v
		default:
			s.fatalf("discordtest: option %s: unsupported value type %T", o.Name, o.Value)
		}
		opts = append(opts, opt)
	}
	data := map[string]any{"id": s.commandID(name), "name": name, "type": 1, "guild_id": s.GuildID}
	if len(opts) > 0 {
		data["options"] = opts
	}
	if len(users) > 0 {
		data["resolved"] = map[string]any{"users": users, "members": members}
	}
	s.inject(ix, data, nil)
	return ix
}

// PressButton injects a user's press of the button customID under the
// message messageID and returns the interaction.
func (s *Server) PressButton(channel string, user User, locale, messageID, customID string) *Interaction {
	ix := s.newInteraction(channel, user, locale, 3)
	ix.CustomID, ix.MessageID = customID, messageID
	s.mu.Lock()
	msg := map[string]any{"id": messageID, "channel_id": channel}
	if m, ok := s.byID[messageID]; ok {
		msg = m.wire(s.AppID)
	}
	s.mu.Unlock()
	s.inject(ix, map[string]any{"component_type": 2, "custom_id": customID}, msg)
	return ix
}

func (s *Server) newInteraction(channel string, user User, locale string, typ int) *Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &Interaction{ID: s.snowflakeNow(), Token: randomToken(), ChannelID: channel, Type: typ, User: user, Locale: locale, s: s}
}

// commandID is the id of the registered command name, if any.
func (s *Server) commandID(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.commandSets) - 1; i >= 0; i-- {
		for _, c := range s.commandSets[i].Commands {
			if c.Name == name {
				return c.ID
			}
		}
	}
	return s.id()
}

// payload is the INTERACTION_CREATE event, shaped like Discord's.
func (s *Server) payload(ix *Interaction, data, message map[string]any) map[string]any {
	p := map[string]any{
		"app_permissions":                "562949953601536",
		"application_id":                 s.AppID,
		"authorizing_integration_owners": map[string]any{"0": s.GuildID},
		"channel": map[string]any{
			"id": ix.ChannelID, "type": 0, "guild_id": s.GuildID, "name": "mancala", "nsfw": false,
			"flags": 0, "permissions": "2248473465835073", "last_message_id": nil, "parent_id": nil,
			"position": 0, "rate_limit_per_user": 0, "topic": nil,
		},
		"channel_id":          ix.ChannelID,
		"context":             0,
		"data":                data,
		"entitlement_sku_ids": []any{},
		"entitlements":        []any{},
		"guild":               map[string]any{"features": []any{}, "id": s.GuildID, "locale": "en-US"},
		"guild_id":            s.GuildID,
		"guild_locale":        "en-US",
		"id":                  ix.ID,
		"locale":              ix.Locale,
		"member":              ix.User.member(),
		"token":               ix.Token,
		"type":                ix.Type,
		"version":             1,
	}
	if message != nil {
		p["message"] = message
	}
	return p
}

func (s *Server) inject(ix *Interaction, data, message map[string]any) {
	if s.tb != nil {
		s.tb.Helper()
	}
	if s.InteractionsURL != "" {
		s.injectHTTP(ix, data, message)
		return
	}
	deadline := time.Now().Add(WaitTimeout)
	for !s.Connected() {
		if time.Now().After(deadline) {
			s.fatalf("discordtest: no bot on the gateway to send interaction %s to", ix.ID)
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.mu.Lock()
	s.interactions[ix.ID] = ix
	s.byToken[ix.Token] = ix
	ix.sentAt = time.Now()
	s.mu.Unlock()
	if s.dispatch("INTERACTION_CREATE", s.payload(ix, data, message)) == 0 {
		s.fatalf("discordtest: interaction %s: no gateway session took it", ix.ID)
	}
}

// Interaction returns an injected interaction by id.
func (s *Server) Interaction(id string) (*Interaction, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ix, ok := s.interactions[id]
	return ix, ok
}
