package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc(RouteGateway, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"url": s.wsURL()})
	})
	mux.HandleFunc(RouteGatewayBot, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{
			"url": s.wsURL(), "shards": 1,
			"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
		})
	})
	mux.HandleFunc(RouteMe, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, s.readyPayload()["user"])
	})
	mux.HandleFunc(RouteGlobalCommands, s.putCommands)
	mux.HandleFunc(RouteGuildCommands, s.putCommands)
	mux.HandleFunc(RouteCreateGlobalCommand, s.postCommand)
	mux.HandleFunc(RouteCreateGuildCommand, s.postCommand)
	mux.HandleFunc("GET /applications/{app}/commands", s.getCommands)
	mux.HandleFunc("GET /applications/{app}/guilds/{guild}/commands", s.getCommands)
	mux.HandleFunc(RouteCallback, s.callback)
	mux.HandleFunc(RouteFollowup, s.followup)
	mux.HandleFunc(RouteWebhookEdit, s.webhookMessage)
	mux.HandleFunc(RouteWebhookDelete, s.webhookMessage)
	mux.HandleFunc(RouteWebhookGet, s.webhookMessage)
	mux.HandleFunc(RouteChannelMessages, s.channelPost)
	mux.HandleFunc(RouteChannelEdit, s.channelMessage)
	mux.HandleFunc(RouteChannelGet, s.channelMessage)
	mux.HandleFunc(RouteChannelDelete, s.channelMessage)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, 0, "404: Not Found")
	})
}

// badBody answers a body Discord would refuse, and counts it as a
// violation (see TakeViolations).
func (s *Server) badBody(w http.ResponseWriter, err error) {
	s.violate("refused: %v", err)
	if errors.Is(err, errEmpty) {
		writeError(w, http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
		return
	}
	writeError(w, http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body: "+err.Error())
}

// validLocales are Discord's locales.
var validLocales = map[string]bool{}

func init() {
	for _, l := range strings.Fields("id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th zh-CN ja zh-TW ko") {
		validLocales[l] = true
	}
}

var nameRE = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func checkName(what, name string) error {
	if !nameRE.MatchString(name) || strings.ToLower(name) != name {
		return fmt.Errorf("%s: name %q does not match ^[-_\\p{L}\\p{N}]{1,32}$ in lower case", what, name)
	}
	return nil
}

func checkDescription(what, d string) error {
	if n := len([]rune(d)); n < 1 || n > 100 {
		return fmt.Errorf("%s: description must be 1 to 100 characters, is %d", what, n)
	}
	return nil
}

func checkLocalized(what string, m map[discordgo.Locale]string, check func(string, string) error) error {
	for l, v := range m {
		if !validLocales[string(l)] {
			return fmt.Errorf("%s: unknown locale %q", what, l)
		}
		if err := check(fmt.Sprintf("%s (%s)", what, l), v); err != nil {
			return err
		}
	}
	return nil
}

// checkCommands applies Discord's rules for a command set.
func checkCommands(cmds []*discordgo.ApplicationCommand) error {
	if len(cmds) > 100 {
		return fmt.Errorf("%d commands, at most 100", len(cmds))
	}
	seen := map[string]bool{}
	localSeen := map[string]bool{}
	for i, c := range cmds {
		what := fmt.Sprintf("commands[%d] %s", i, c.Name)
		if err := checkName(what, c.Name); err != nil {
			return err
		}
		if seen[c.Name] {
			return fmt.Errorf("%s: name used twice", what)
		}
		seen[c.Name] = true
		if err := checkDescription(what, c.Description); err != nil {
			return err
		}
		if c.NameLocalizations != nil {
			if err := checkLocalized(what, *c.NameLocalizations, checkName); err != nil {
				return err
			}
			for l, n := range *c.NameLocalizations {
				if key := string(l) + "/" + n; localSeen[key] {
					return fmt.Errorf("%s: localized name %q used twice in %s", what, n, l)
				} else {
					localSeen[key] = true
				}
			}
		}
		if c.DescriptionLocalizations != nil {
			if err := checkLocalized(what, *c.DescriptionLocalizations, checkDescription); err != nil {
				return err
			}
		}
		if len(c.Options) > 25 {
			return fmt.Errorf("%s: more than 25 options", what)
		}
		optional := false
		for j, o := range c.Options {
			what := fmt.Sprintf("%s option[%d] %s", what, j, o.Name)
			if err := checkName(what, o.Name); err != nil {
				return err
			}
			if err := checkDescription(what, o.Description); err != nil {
				return err
			}
			if err := checkLocalized(what, o.NameLocalizations, checkName); err != nil {
				return err
			}
			if err := checkLocalized(what, o.DescriptionLocalizations, checkDescription); err != nil {
				return err
			}
			if o.Required && optional {
				return fmt.Errorf("%s: required options must come before optional ones", what)
			}
			optional = optional || !o.Required
			if len(o.Choices) > 25 {
				return fmt.Errorf("%s: more than 25 choices", what)
			}
			for _, ch := range o.Choices {
				if n := len([]rune(ch.Name)); n < 1 || n > 100 {
					return fmt.Errorf("%s: choice name %q", what, ch.Name)
				}
			}
		}
	}
	return nil
}

func (s *Server) putCommands(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("app") != s.AppID {
		writeError(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	raw, err := readAll(r)
	if err != nil {
		s.badBody(w, err)
		return
	}
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(raw, &cmds); err != nil {
		s.badBody(w, errInvalid{err.Error()})
		return
	}
	if err := checkCommands(cmds); err != nil {
		s.badBody(w, errInvalid{err.Error()})
		return
	}
	guild := r.PathValue("guild")
	s.mu.Lock()
	for _, c := range cmds {
		c.ID, c.ApplicationID, c.GuildID, c.Version = s.id(), s.AppID, guild, "1"
	}
	writeJSON(w, http.StatusOK, cmds)
	s.commandSets = append(s.commandSets, CommandSet{Guild: guild, Commands: cmds, Raw: raw})
	s.notify()
	s.mu.Unlock()
}

// postCommand creates or replaces one command (by name); the registration
// is recorded as the resulting set.
func (s *Server) postCommand(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("app") != s.AppID {
		writeError(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	raw, err := readAll(r)
	if err != nil {
		s.badBody(w, err)
		return
	}
	var c *discordgo.ApplicationCommand
	if err := json.Unmarshal(raw, &c); err != nil || c == nil {
		s.badBody(w, errInvalid{fmt.Sprint("malformed command: ", err)})
		return
	}
	guild := r.PathValue("guild")
	s.mu.Lock()
	defer s.mu.Unlock()
	var set []*discordgo.ApplicationCommand
	for i := len(s.commandSets) - 1; i >= 0; i-- {
		if s.commandSets[i].Guild == guild {
			for _, old := range s.commandSets[i].Commands {
				if old.Name != c.Name {
					set = append(set, old)
				}
			}
			break
		}
	}
	set = append(set, c)
	if err := checkCommands(set); err != nil {
		s.badBody(w, errInvalid{err.Error()})
		return
	}
	c.ID, c.ApplicationID, c.GuildID, c.Version = s.id(), s.AppID, guild, "1"
	writeJSON(w, http.StatusCreated, c)
	s.commandSets = append(s.commandSets, CommandSet{Guild: guild, Commands: set})
	s.notify()
}

func (s *Server) getCommands(w http.ResponseWriter, r *http.Request) {
	guild := r.PathValue("guild")
	s.mu.Lock()
	out := []*discordgo.ApplicationCommand{}
	for i := len(s.commandSets) - 1; i >= 0; i-- {
		if s.commandSets[i].Guild == guild {
			out = s.commandSets[i].Commands
			break
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

// callback is POST /interactions/{id}/{token}/callback: the interaction
// response.
func (s *Server) callback(w http.ResponseWriter, r *http.Request) {
	raw, files, err := readBody(r)
	if err != nil {
		s.badBody(w, errInvalid{err.Error()})
		return
	}
	typ, p, err := parseResponse(raw, files)
	if err != nil {
		s.badBody(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.interactions[r.PathValue("id")]
	if ix == nil || ix.Token != r.PathValue("token") {
		writeError(w, http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
		return
	}
	if ix.viaHTTP {
		// Discord takes the response of an HTTP interaction from the
		// HTTP answer; the endpoint would work too, but the adapter
		// must not need it.
		writeError(w, http.StatusBadRequest, codeAlreadyAcknowledged, "Interaction has already been acknowledged.")
		return
	}
	s.ackLocked(w, ix, typ, p)
}

// ackLocked applies an interaction response (from the callback endpoint
// or an HTTP interaction's answer) and writes the REST answer to w; s.mu
// is held.
func (s *Server) ackLocked(w http.ResponseWriter, ix *Interaction, typ int, p Payload) {
	var err error
	if !ix.acked && (ix.expired || time.Since(ix.sentAt) > s.Deadline) {
		ix.expired = true
		writeError(w, http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
		return
	}
	if ix.acked {
		writeError(w, http.StatusBadRequest, codeAlreadyAcknowledged, "Interaction has already been acknowledged.")
		return
	}
	var op string
	var m *Message
	switch typ {
	case 4:
		if m, err = s.newMessage(ix.ChannelID, p); err != nil {
			s.badBody(w, err)
			return
		}
		m.Interaction = ix.ID
		s.add(m)
		ix.original, op = m.ID, OpReply
	case 5:
		m = &Message{ID: s.id(), ChannelID: ix.ChannelID, Deferred: true, Ephemeral: p.Ephemeral(), Interaction: ix.ID}
		s.add(m)
		ix.original, op = m.ID, OpDefer
	case 6, 7:
		if ix.Type != 3 {
			s.badBody(w, errInvalid{fmt.Sprintf("response type %d is only for message components", typ)})
			return
		}
		m = s.byID[ix.MessageID]
		if m == nil || m.Deleted {
			writeError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
			return
		}
		op = OpDeferUpdate
		if typ == 7 {
			if err := s.edit(m, p); err != nil {
				s.badBody(w, err)
				return
			}
			op = OpUpdate
		}
		ix.original = m.ID
	case 12:
		// LAUNCH_ACTIVITY answers an application command or a message
		// component (interactions/receiving-and-responding.mdx,
		// "Interaction Callback Type": "Launch the Activity associated
		// with the app. Only available for apps with Activities
		// enabled"); parseResponse has refused a body with data.
		if ix.Type != 2 && ix.Type != 3 {
			s.badBody(w, errInvalid{fmt.Sprintf("response type 12 (LAUNCH_ACTIVITY) answers a command or a component, not an interaction of type %d", ix.Type)})
			return
		}
		op = OpLaunchActivity
	default:
		s.badBody(w, errInvalid{fmt.Sprintf("response type %d not supported by the fake", typ)})
		return
	}
	ix.acked, ix.ackType = true, typ
	s.responses = append(s.responses, Response{InteractionID: ix.ID, Type: typ, Payload: p, At: time.Now()})
	s.output(ix, op, m)
	w.WriteHeader(http.StatusNoContent)
}

// webhookInteraction finds the acknowledged interaction of a webhook
// route; s.mu must be held. It answers the request itself when there is
// none.
func (s *Server) webhookInteraction(w http.ResponseWriter, r *http.Request) *Interaction {
	ix := s.byToken[r.PathValue("token")]
	if ix == nil || r.PathValue("app") != s.AppID || !ix.acked || time.Since(ix.sentAt) > 15*time.Minute {
		writeError(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return nil
	}
	return ix
}

// followup is POST /webhooks/{app}/{token}.
func (s *Server) followup(w http.ResponseWriter, r *http.Request) {
	raw, files, err := readBody(r)
	if err != nil {
		s.badBody(w, errInvalid{err.Error()})
		return
	}
	p, err := parsePayload(raw, files)
	if err != nil {
		s.badBody(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.webhookInteraction(w, r)
	if ix == nil {
		return
	}
	var m *Message
	if orig := s.byID[ix.original]; ix.ackType == 5 && orig != nil && orig.Deferred && !orig.Deleted {
		// After a deferred message, the first follow-up fills in the
		// "thinking…" message (which keeps the deferral's visibility).
		if err := s.edit(orig, p); err != nil {
			s.badBody(w, err)
			return
		}
		m = orig
	} else {
		if m, err = s.newMessage(ix.ChannelID, p); err != nil {
			s.badBody(w, err)
			return
		}
		m.Interaction = ix.ID
		s.add(m)
		ix.followups = append(ix.followups, m.ID)
	}
	s.output(ix, OpFollowup, m)
	if r.URL.Query().Get("wait") == "true" {
		writeJSON(w, http.StatusOK, m.wire(s.AppID))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// webhookMessage is GET, PATCH and DELETE of
// /webhooks/{app}/{token}/messages/{msg}.
func (s *Server) webhookMessage(w http.ResponseWriter, r *http.Request) {
	var p Payload
	if r.Method == http.MethodPatch {
		raw, files, err := readBody(r)
		if err != nil {
			s.badBody(w, errInvalid{err.Error()})
			return
		}
		if p, err = parsePayload(raw, files); err != nil {
			s.badBody(w, err)
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.webhookInteraction(w, r)
	if ix == nil {
		return
	}
	id, original := r.PathValue("msg"), false
	if id == "@original" {
		id, original = ix.original, true
	}
	m := s.byID[id]
	if m == nil || m.Deleted || (id != ix.original && !contains(ix.followups, id)) {
		writeError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return
	}
	switch r.Method {
	case http.MethodGet:
		writeJSON(w, http.StatusOK, m.wire(s.AppID))
	case http.MethodDelete:
		m.Deleted = true
		s.output(ix, OpDeleteOriginal, m)
		w.WriteHeader(http.StatusNoContent)
	case http.MethodPatch:
		if err := s.edit(m, p); err != nil {
			s.badBody(w, err)
			return
		}
		op := OpEditFollowup
		if original {
			op = OpEditOriginal
		}
		s.output(ix, op, m)
		writeJSON(w, http.StatusOK, m.wire(s.AppID))
	}
}

// channelPost is POST /channels/{channel}/messages.
func (s *Server) channelPost(w http.ResponseWriter, r *http.Request) {
	raw, files, err := readBody(r)
	if err != nil {
		s.badBody(w, errInvalid{err.Error()})
		return
	}
	p, err := parsePayload(raw, files)
	if err != nil {
		s.badBody(w, err)
		return
	}
	p.Flags &^= 64 // a channel message cannot be ephemeral
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.newMessage(r.PathValue("channel"), p)
	if err != nil {
		s.badBody(w, err)
		return
	}
	s.add(m)
	s.notify()
	writeJSON(w, http.StatusOK, m.wire(s.AppID))
}

// channelMessage is GET, PATCH and DELETE of
// /channels/{channel}/messages/{msg}. A message deleted before, or never
// there, is 404 Unknown Message (code 10008), as on Discord.
func (s *Server) channelMessage(w http.ResponseWriter, r *http.Request) {
	var p Payload
	if r.Method == http.MethodPatch {
		raw, files, err := readBody(r)
		if err != nil {
			s.badBody(w, errInvalid{err.Error()})
			return
		}
		if p, err = parsePayload(raw, files); err != nil {
			s.badBody(w, err)
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.byID[r.PathValue("msg")]
	if m == nil || m.Deleted || m.Ephemeral || m.ChannelID != r.PathValue("channel") {
		writeError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return
	}
	switch r.Method {
	case http.MethodDelete:
		m.Deleted = true
		s.notify()
		w.WriteHeader(http.StatusNoContent)
		return
	case http.MethodPatch:
		if err := s.edit(m, p); err != nil {
			s.badBody(w, err)
			return
		}
		s.notify()
	}
	writeJSON(w, http.StatusOK, m.wire(s.AppID))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
