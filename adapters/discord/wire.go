package discord

import (
	"github.com/bwmarrin/discordgo"
)

// APIVersion is the version of Discord's API the adapter speaks, REST and
// gateway: the one Discord's OpenAPI description documents.
const APIVersion = "10"

// init makes discordgo speak APIVersion. discordgo builds its endpoint
// URLs once, from its APIVersion, when its package is initialized; they
// are rebuilt here, before any Session exists (so nothing races with the
// assignment), and its APIVersion is what Open puts in the gateway URL
// (?v=10). The endpoint functions read these variables when called.
func init() {
	d := discordgo.EndpointDiscord
	discordgo.APIVersion = APIVersion
	discordgo.EndpointAPI = d + "api/v" + APIVersion + "/"
	api := discordgo.EndpointAPI
	discordgo.EndpointGuilds = api + "guilds/"
	discordgo.EndpointChannels = api + "channels/"
	discordgo.EndpointUsers = api + "users/"
	discordgo.EndpointGateway = api + "gateway"
	discordgo.EndpointGatewayBot = discordgo.EndpointGateway + "/bot"
	discordgo.EndpointWebhooks = api + "webhooks/"
	discordgo.EndpointStickers = api + "stickers/"
	discordgo.EndpointStageInstances = api + "stage-instances"
	discordgo.EndpointSKUs = api + "skus"
	discordgo.EndpointVoice = api + "/voice/"
	discordgo.EndpointVoiceRegions = discordgo.EndpointVoice + "regions"
	discordgo.EndpointNitroStickersPacks = api + "/sticker-packs"
	discordgo.EndpointGuildCreate = api + "guilds"
	discordgo.EndpointApplications = api + "applications"
}

// wireMessage is a message body exactly as Discord's API documents it
// for every route the adapter sends one to (an interaction response's
// data, a follow-up, an edit, a channel message): discordgo's own structs
// add fields the schemas do not have (tts on an update-message response,
// url, size and the like on an attachment).
type wireMessage struct {
	Content         *string                           `json:"content,omitempty"`
	Components      *[]discordgo.MessageComponent     `json:"components,omitempty"`
	Attachments     *[]wireAttachment                 `json:"attachments,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
}

// wireAttachment is an attachment an edit keeps or adds: an old one by
// its id, a new file files[n] by id n (with its filename).
type wireAttachment struct {
	ID       string `json:"id"`
	Filename string `json:"filename,omitempty"`
}

// wireResponse is an interaction response.
type wireResponse struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data *wireMessage                      `json:"data,omitempty"`
}

func wireAttachments(a *[]*discordgo.MessageAttachment) *[]wireAttachment {
	if a == nil {
		return nil
	}
	out := make([]wireAttachment, 0, len(*a))
	for _, x := range *a {
		out = append(out, wireAttachment{ID: x.ID, Filename: x.Filename})
	}
	return &out
}

func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func optComponents(c []discordgo.MessageComponent) *[]discordgo.MessageComponent {
	if c == nil {
		return nil
	}
	return &c
}

// toWireResponse is r as Discord documents it: an update (type 7) has no
// tts; neither has anything the adapter sends.
func toWireResponse(r *discordgo.InteractionResponse) (*wireResponse, []*discordgo.File) {
	out := &wireResponse{Type: r.Type}
	if r.Data == nil {
		return out, nil
	}
	d := r.Data
	content := d.Content
	out.Data = &wireMessage{
		Content:         &content,
		Components:      optComponents(d.Components),
		Attachments:     wireAttachments(d.Attachments),
		AllowedMentions: d.AllowedMentions,
		Flags:           d.Flags,
	}
	if out.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource || out.Type == discordgo.InteractionResponseDeferredMessageUpdate {
		// A deferral carries at most its flags (ephemeral).
		out.Data = &wireMessage{Flags: d.Flags}
		if d.Flags == 0 {
			out.Data = nil
		}
	}
	return out, d.Files
}

func webhookEditBody(e *discordgo.WebhookEdit) *wireMessage {
	return &wireMessage{Content: e.Content, Components: e.Components, Attachments: wireAttachments(e.Attachments), AllowedMentions: e.AllowedMentions}
}

func webhookParamsBody(p *discordgo.WebhookParams) *wireMessage {
	var att *[]*discordgo.MessageAttachment
	if p.Attachments != nil {
		att = &p.Attachments
	}
	return &wireMessage{Content: optString(p.Content), Components: optComponents(p.Components), Attachments: wireAttachments(att), AllowedMentions: p.AllowedMentions, Flags: p.Flags}
}

func messageSendBody(m *discordgo.MessageSend) *wireMessage {
	return &wireMessage{Content: optString(m.Content), Components: optComponents(m.Components), AllowedMentions: m.AllowedMentions, Flags: m.Flags}
}

func messageEditBody(m *discordgo.MessageEdit) *wireMessage {
	return &wireMessage{Content: m.Content, Components: m.Components, Attachments: wireAttachments(m.Attachments), AllowedMentions: m.AllowedMentions, Flags: m.Flags}
}

// session is restAPI over a discordgo Session: the same routes, and the
// same rate-limit bookkeeping (discordgo's RateLimiter, through
// RequestRaw, then the adapter's limiter in the HTTP client's transport),
// with the bodies above.
type session struct{ s *discordgo.Session }

// request sends body (JSON, or multipart/form-data with files) and
// returns the answer's body. bucket is discordgo's rate-limit bucket key.
func (w session) request(method, url, bucket string, body any, files []*discordgo.File, opts []discordgo.RequestOption) ([]byte, error) {
	if body == nil {
		return w.s.RequestRaw(method, url, "", nil, bucket, 0, opts...)
	}
	if len(files) > 0 {
		ct, b, err := discordgo.MultipartBodyWithJSON(body, files)
		if err != nil {
			return nil, err
		}
		return w.s.RequestRaw(method, url, ct, b, bucket, 0, opts...)
	}
	b, err := discordgo.Marshal(body)
	if err != nil {
		return nil, err
	}
	return w.s.RequestRaw(method, url, "application/json", b, bucket, 0, opts...)
}

func (w session) message(raw []byte, err error) (*discordgo.Message, error) {
	if err != nil {
		return nil, err
	}
	var m *discordgo.Message
	if err := discordgo.Unmarshal(raw, &m); err != nil {
		return nil, discordgo.ErrJSONUnmarshal
	}
	return m, nil
}

func (w session) InteractionRespond(i *discordgo.Interaction, r *discordgo.InteractionResponse, opts ...discordgo.RequestOption) error {
	url := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	body, files := toWireResponse(r)
	_, err := w.request("POST", url, url, body, files, opts)
	return err
}

func (w session) InteractionResponseEdit(i *discordgo.Interaction, e *discordgo.WebhookEdit, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	url := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	return w.message(w.request("PATCH", url, discordgo.EndpointWebhookToken(i.AppID, i.Token), webhookEditBody(e), e.Files, opts))
}

func (w session) InteractionResponseDelete(i *discordgo.Interaction, opts ...discordgo.RequestOption) error {
	url := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	_, err := w.request("DELETE", url, discordgo.EndpointWebhookToken(i.AppID, i.Token), nil, nil, opts)
	return err
}

func (w session) InteractionResponse(i *discordgo.Interaction, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	url := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	return w.message(w.request("GET", url, discordgo.EndpointWebhookToken(i.AppID, i.Token), nil, nil, opts))
}

func (w session) FollowupMessageCreate(i *discordgo.Interaction, wait bool, p *discordgo.WebhookParams, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	url := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	bucket := url
	if wait {
		url += "?wait=true"
	}
	raw, err := w.request("POST", url, bucket, webhookParamsBody(p), p.Files, opts)
	if !wait || err != nil {
		return nil, err
	}
	return w.message(raw, nil)
}

func (w session) ChannelMessageSendComplex(channelID string, m *discordgo.MessageSend, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	url := discordgo.EndpointChannelMessages(channelID)
	return w.message(w.request("POST", url, url, messageSendBody(m), m.Files, opts))
}

func (w session) ChannelMessageEditComplex(m *discordgo.MessageEdit, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	url := discordgo.EndpointChannelMessage(m.Channel, m.ID)
	return w.message(w.request("PATCH", url, "PATCH "+discordgo.EndpointChannelMessage(m.Channel, ""), messageEditBody(m), m.Files, opts))
}

func (w session) ChannelMessageDelete(channelID, messageID string, opts ...discordgo.RequestOption) error {
	url := discordgo.EndpointChannelMessage(channelID, messageID)
	_, err := w.request("DELETE", url, "DELETE "+discordgo.EndpointChannelMessage(channelID, ""), nil, nil, opts)
	return err
}

// wireCommand is a slash command as the bulk overwrite documents it
// (ApplicationCommandUpdateRequest): discordgo's options carry
// "channel_types", "options" and "autocomplete" whatever their type,
// which the schemas of user, boolean and string options do not have.
type wireCommand struct {
	Type                     discordgo.ApplicationCommandType `json:"type,omitempty"`
	Name                     string                           `json:"name"`
	NameLocalizations        *map[discordgo.Locale]string     `json:"name_localizations,omitempty"`
	Description              string                           `json:"description"`
	DescriptionLocalizations *map[discordgo.Locale]string     `json:"description_localizations,omitempty"`
	Options                  []wireOption                     `json:"options,omitempty"`
}

type wireOption struct {
	Type                     discordgo.ApplicationCommandOptionType      `json:"type"`
	Name                     string                                      `json:"name"`
	NameLocalizations        map[discordgo.Locale]string                 `json:"name_localizations,omitempty"`
	Description              string                                      `json:"description"`
	DescriptionLocalizations map[discordgo.Locale]string                 `json:"description_localizations,omitempty"`
	Required                 bool                                        `json:"required,omitempty"`
	Choices                  []*discordgo.ApplicationCommandOptionChoice `json:"choices,omitempty"`
	MaxLength                int                                         `json:"max_length,omitempty"`
}

func wireCommands(cmds []*discordgo.ApplicationCommand) []wireCommand {
	out := make([]wireCommand, 0, len(cmds))
	for _, c := range cmds {
		w := wireCommand{Type: c.Type, Name: c.Name, NameLocalizations: c.NameLocalizations, Description: c.Description, DescriptionLocalizations: c.DescriptionLocalizations}
		for _, o := range c.Options {
			w.Options = append(w.Options, wireOption{
				Type: o.Type, Name: o.Name, NameLocalizations: o.NameLocalizations,
				Description: o.Description, DescriptionLocalizations: o.DescriptionLocalizations,
				Required: o.Required, Choices: o.Choices, MaxLength: o.MaxLength,
			})
		}
		out = append(out, w)
	}
	return out
}

// registerCommands overwrites the application's commands (in guild, or
// globally when guild is "").
func (w session) registerCommands(appID, guild string, cmds []*discordgo.ApplicationCommand, opts ...discordgo.RequestOption) error {
	url := discordgo.EndpointApplicationGlobalCommands(appID)
	if guild != "" {
		url = discordgo.EndpointApplicationGuildCommands(appID, guild)
	}
	_, err := w.request("PUT", url, url, wireCommands(cmds), nil, opts)
	return err
}
