package app

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"path"
	"strings"
)

// contentTypes are the kinds of files the client is made of; no other
// file of assets/ is served.
var contentTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".woff2": "font/woff2",
}

// static serves the client: GET / is assets/index.html, GET /{file} the
// file of assets/ of that name, revalidated by ETag on every load (the
// names carry no version).
func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if name == "" {
		name = "index.html"
	}
	ctype, ok := contentTypes[path.Ext(name)]
	if !ok || strings.HasPrefix(name, ".") {
		s.fail(w, r, http.StatusNotFound, codeNotFound, nil)
		return
	}
	data, err := assets.ReadFile("assets/" + name)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, codeNotFound, nil)
		return
	}
	sum := sha256.Sum256(data)
	tag := `"` + base64.RawURLEncoding.EncodeToString(sum[:15]) + `"`
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", tag)
	for _, t := range strings.Split(r.Header.Get("If-None-Match"), ",") {
		if strings.TrimSpace(t) == tag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	w.Write(data)
}
