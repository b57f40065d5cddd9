package telegramtest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"time"
)

// Webhook is what setWebhook registered.
type Webhook struct {
	URL            string
	SecretToken    string
	AllowedUpdates []string
}

// WebhookPost is one delivery of an update to the webhook.
type WebhookPost struct {
	UpdateID int
	// Status is the webhook's answer (0 when the request failed).
	Status int
}

// Webhook returns the webhook set, if any.
func (s *Server) Webhook() (Webhook, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hook == nil {
		return Webhook{}, false
	}
	h := *s.hook
	h.AllowedUpdates = slices.Clone(h.AllowedUpdates)
	return h, true
}

// WebhookPosts returns the deliveries to the webhook so far, in order.
func (s *Server) WebhookPosts() []WebhookPost {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.hookPosts)
}

// setWebhookLocked is setWebhook; s.mu is held. Like Telegram, the
// updates pending are delivered to the webhook from then on, one at a
// time in order: an update is dropped (confirmed) when the webhook
// answers 2xx, and POSTed again after a short pause otherwise.
func (s *Server) setWebhookLocked(p map[string]string) (any, *apiError) {
	h := &Webhook{URL: p["url"], SecretToken: p["secret_token"]}
	if h.URL == "" {
		return nil, badRequest("bad webhook: URL is empty")
	}
	if a := p["allowed_updates"]; a != "" {
		if err := json.Unmarshal([]byte(a), &h.AllowedUpdates); err != nil {
			return nil, badRequest("can't parse allowed_updates")
		}
	}
	s.hook = h
	s.pollGen++ // ends a pending long poll
	s.touch()
	if !s.hookRun {
		s.hookRun = true
		go s.deliverHook(s.webhookTimeout)
	}
	return true, nil
}

// deliverHook POSTs the pending updates to the webhook until the server
// closes.
func (s *Server) deliverHook(timeout time.Duration) {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	client := &http.Client{Timeout: timeout}
	for {
		s.mu.Lock()
		h := s.hook
		if h != nil && len(h.AllowedUpdates) > 0 {
			s.updates = slices.DeleteFunc(s.updates, func(u pendingUpdate) bool { return !slices.Contains(h.AllowedUpdates, u.kind) })
		}
		var next *pendingUpdate
		if h != nil && len(s.updates) > 0 {
			u := s.updates[0]
			next = &u
		}
		ch := s.changed
		var body []byte
		if next != nil {
			body, _ = json.Marshal(next.raw)
		}
		s.mu.Unlock()
		if next == nil {
			select {
			case <-ch:
				continue
			case <-s.closing:
				return
			}
		}
		status := 0
		req, err := http.NewRequest(http.MethodPost, h.URL, bytes.NewReader(body))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
			if h.SecretToken != "" {
				req.Header.Set("X-Telegram-Bot-Api-Secret-Token", h.SecretToken)
			}
			if resp, err := client.Do(req); err == nil {
				status = resp.StatusCode
				resp.Body.Close()
			}
		}
		s.mu.Lock()
		s.hookPosts = append(s.hookPosts, WebhookPost{UpdateID: next.id, Status: status})
		if status >= 200 && status < 300 {
			s.updates = slices.DeleteFunc(s.updates, func(u pendingUpdate) bool { return u.id == next.id })
			if next.id >= s.confirmed {
				s.confirmed = next.id + 1
			}
		}
		s.touch()
		s.mu.Unlock()
		if status < 200 || status >= 300 {
			select {
			case <-time.After(20 * time.Millisecond):
			case <-s.closing:
				return
			}
		}
	}
}

// PostToWebhook POSTs a raw update to the webhook set (as Telegram would,
// e.g. an update delivered a second time) with the secret header secret
// ("" sends none), outside the server's queue, and returns the status.
func (s *Server) PostToWebhook(update []byte, secret string) (int, error) {
	s.mu.Lock()
	h := s.hook
	s.mu.Unlock()
	if h == nil {
		return 0, errNoWebhook
	}
	req, err := http.NewRequest(http.MethodPost, h.URL, bytes.NewReader(update))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

type webhookError string

func (e webhookError) Error() string { return string(e) }

const errNoWebhook = webhookError("telegramtest: no webhook set")
