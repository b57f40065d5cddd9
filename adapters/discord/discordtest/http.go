package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"
)

// PublicKeyHex is the server's Ed25519 public key as the developer portal
// shows it (DISCORD_PUBLIC_KEY).
func (s *Server) PublicKeyHex() string {
	return hex.EncodeToString(s.priv.Public().(ed25519.PublicKey))
}

// Sign returns the X-Signature-Ed25519 header Discord sends with body
// and the timestamp ts.
func (s *Server) Sign(ts string, body []byte) string {
	return hex.EncodeToString(ed25519.Sign(s.priv, append([]byte(ts), body...)))
}

// PostSigned POSTs body to InteractionsURL with a valid signature and
// returns the status and the answer's body.
func (s *Server) PostSigned(body []byte) (int, []byte, error) {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	return s.Post(body, map[string]string{"X-Signature-Ed25519": s.Sign(ts, body), "X-Signature-Timestamp": ts})
}

// Post POSTs body to InteractionsURL with the given headers (for forged
// requests) and returns the status and the answer's body.
func (s *Server) Post(body []byte, headers map[string]string) (int, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, s.InteractionsURL, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	c := &http.Client{Timeout: WaitTimeout}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// Payload returns the interaction's JSON as Discord sends it (for tests
// that post it themselves, e.g. with a forged signature). data and
// message are as for a slash command or button press; see SlashCommand.
func (s *Server) Payload(ix *Interaction, data, message map[string]any) []byte {
	b, _ := json.Marshal(s.payload(ix, data, message))
	return b
}

// injectHTTP posts the interaction to InteractionsURL and applies the
// answer as its response: Discord's HTTP interactions. A non-200 answer
// or one that is not a valid response is recorded in HTTPStatus and
// acknowledges nothing (Discord shows "The application did not
// respond").
func (s *Server) injectHTTP(ix *Interaction, data, message map[string]any) {
	s.mu.Lock()
	s.interactions[ix.ID] = ix
	s.byToken[ix.Token] = ix
	ix.viaHTTP = true
	ix.sentAt = time.Now()
	body, _ := json.Marshal(s.payload(ix, data, message))
	s.mu.Unlock()
	go func() {
		status, answer, err := s.PostSigned(body)
		s.mu.Lock()
		defer s.mu.Unlock()
		if err != nil {
			status = -1
		}
		ix.HTTPStatus = status
		if status == http.StatusOK {
			if err := s.api.checkBody(RouteCallback, answer); err != nil {
				s.violate("HTTP interaction answer: %v", err)
			}
			typ, p, perr := parseResponse(answer, nil)
			if perr == nil {
				rec := httptest.NewRecorder()
				s.ackLocked(rec, ix, typ, p)
				if rec.Code >= 300 { // refused as the callback endpoint would
					ix.HTTPStatus = rec.Code
				}
			} else {
				ix.HTTPStatus = http.StatusUnprocessableEntity
			}
		}
		s.notify()
	}()
}
