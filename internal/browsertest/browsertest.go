// Package browsertest drives a headless Chromium from Go tests (through
// chromedp), at a phone's viewport of 390×844 CSS pixels and a device scale
// of 1, so that screenshots are stable from run to run.
//
// The browser is Debian's chromium (apt-get install chromium), or the
// program CHROME_PATH names. Without one, [New] skips the test with a
// message saying so, unless MANCALA_REQUIRE_BROWSER=1 (set by .ci/run),
// when it fails it: CI never passes without the browser tests.
//
// Waiting is on events, never on the clock: [Browser.WaitFor] re-evaluates
// its condition on every animation frame the page draws, and every call is
// bounded only by the test's own deadline (go test -timeout), so a loaded
// machine makes a test slower, never failing.
//
// Screenshots are compared with golden PNG files by [MatchGolden], with a
// tolerance; go test -update-screens writes the goldens instead.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The viewport every page is opened at: a phone in portrait.
const (
	Width  = 390
	Height = 844
)

// Keys for [Browser.Press].
const (
	ArrowLeft  = kb.ArrowLeft
	ArrowRight = kb.ArrowRight
	Home       = kb.Home
	End        = kb.End
)

// RequireEnv is the environment variable that turns a missing browser
// from a skip into a failure.
const RequireEnv = "MANCALA_REQUIRE_BROWSER"

// Browser is one headless Chromium with one tab, owned by a test.
type Browser struct {
	t   testing.TB
	ctx context.Context
}

// Find returns the path of the browser to run: CHROME_PATH when set, else
// the first of chromium, chromium-browser, google-chrome-stable,
// google-chrome found on PATH. The error says what was looked for.
func Find() (string, error) {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("CHROME_PATH=%s: %w", p, err)
		}
		return p, nil
	}
	names := []string{"chromium", "chromium-browser", "google-chrome-stable", "google-chrome"}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no browser: none of %s on PATH and CHROME_PATH unset (apt-get install chromium)", strings.Join(names, ", "))
}

// New starts a headless Chromium for t with one tab at 390×844, device
// scale 1, light colour scheme; it is stopped when t ends. Without a
// browser the test is skipped, or failed when MANCALA_REQUIRE_BROWSER=1.
// Running as root (a container, CI), the browser runs without its sandbox,
// which needs user namespaces root does not get.
func New(t testing.TB) *Browser {
	t.Helper()
	path, err := Find()
	if err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%v; %s=1 requires the browser tests", err, RequireEnv)
		}
		t.Skipf("browser tests skipped: %v", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.WindowSize(Width, Height),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("font-render-hinting", "none"),
		chromedp.Flag("disable-lcd-text", true),
		chromedp.Flag("force-device-scale-factor", "1"),
		chromedp.Flag("mute-audio", true),
		chromedp.DisableGPU,
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	base := context.Background()
	if d, ok := t.(interface {
		Deadline() (deadline time.Time, ok bool)
	}); ok {
		if dl, ok := d.Deadline(); ok {
			var cancel context.CancelFunc
			base, cancel = context.WithDeadline(base, dl)
			t.Cleanup(cancel)
		}
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(base, opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	b := &Browser{t: t, ctx: ctx}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(Width, Height, chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{})
			return err
		}),
	); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	b.ColorScheme("light")
	return b
}

// Context is the tab's chromedp context, for what the helpers do not
// cover (chromedp.Run(b.Context(), ...)).
func (b *Browser) Context() context.Context { return b.ctx }

// do runs actions on the tab; an error fails the test, naming what.
func (b *Browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("browser: %s: %v", what, err)
	}
}

// ColorScheme sets prefers-color-scheme to "light" or "dark".
func (b *Browser) ColorScheme(scheme string) {
	b.t.Helper()
	b.do("colour scheme "+scheme, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	}))
}

// Language makes the tab's requests carry Accept-Language: lang.
func (b *Browser) Language(lang string) {
	b.t.Helper()
	b.do("language "+lang, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{
			Headers: network.Headers{"Accept-Language": lang},
		})
		return err
	}))
}

// Navigate opens url and returns once its load event fired.
func (b *Browser) Navigate(url string) {
	b.t.Helper()
	b.do("navigate to "+url, chromedp.Navigate(url))
}

// Click clicks (with the mouse, at its centre) the first element matching
// the CSS selector, once it is visible.
func (b *Browser) Click(sel string) {
	b.t.Helper()
	b.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// Press types keys (ArrowLeft, ArrowRight, Home, End, or characters) into
// the focused element, or the page.
func (b *Browser) Press(keys string) {
	b.t.Helper()
	b.do(fmt.Sprintf("press %q", keys), chromedp.KeyEvent(keys))
}

// Eval evaluates a JavaScript expression and decodes its (JSON) value
// into T; a promise is awaited and its value decoded.
func Eval[T any](b *Browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("browser: evaluating %s: %v", expr, err)
	}
	return v
}

// Text returns the text content of the first element matching the CSS
// selector, failing the test if there is none.
func (b *Browser) Text(sel string) string {
	b.t.Helper()
	return Eval[string](b, fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) throw new Error("no element " + %[1]s); return e.textContent; })()`, jsString(sel)))
}

// Attr returns an attribute of the first element matching the CSS
// selector ("" when absent), failing the test if there is no element.
func (b *Browser) Attr(sel, name string) string {
	b.t.Helper()
	return Eval[string](b, fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) throw new Error("no element " + %[1]s); return e.getAttribute(%s) || ""; })()`, jsString(sel), jsString(name)))
}

// Count returns the number of elements matching the CSS selector.
func (b *Browser) Count(sel string) int {
	b.t.Helper()
	return Eval[int](b, fmt.Sprintf(`document.querySelectorAll(%s).length`, jsString(sel)))
}

// WaitVisible returns once an element matching the CSS selector is
// visible.
func (b *Browser) WaitVisible(sel string) {
	b.t.Helper()
	b.do("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// WaitFor returns once the JavaScript expression is truthy, evaluating it
// on every animation frame (requestAnimationFrame: events, not a timer).
// It waits as long as the test may run. The condition may span a
// navigation (a link followed without the page's script): when the page's
// document is replaced while waiting, the wait goes on in the new one.
func (b *Browser) WaitFor(expr string) {
	b.t.Helper()
	for range maxNavigations {
		_, err := chromedp.Run(b.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(0)))
		if err == nil {
			return
		}
		if !contextLost(err) {
			b.t.Fatalf("browser: waiting for %s: %v", expr, err)
		}
	}
	b.t.Fatalf("browser: waiting for %s: the page was replaced %d times", expr, maxNavigations)
}

// maxNavigations bounds the documents one WaitFor follows.
const maxNavigations = 20

// contextLost reports whether err says the page's JavaScript context went
// away under an evaluation: the document was replaced by a navigation.
func contextLost(err error) bool {
	msg := err.Error()
	for _, s := range []string{"Cannot find context with specified id", "Execution context was destroyed", "Inspected target navigated or closed"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// WaitImages returns once every <img> of the page has loaded (or failed):
// before a screenshot.
func (b *Browser) WaitImages() {
	b.t.Helper()
	b.WaitFor(`document.readyState === "complete" && [...document.images].every(i => i.complete)`)
}

// Screenshot returns the viewport (390×844) as a PNG.
func (b *Browser) Screenshot() []byte {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("browser: screenshot: %v", err)
	}
	return png
}

// Metrics are what loading a page cost, read from the page's own
// Navigation and Resource Timing entries.
type Metrics struct {
	// Bytes is what crossed the network for the document and every
	// resource it loaded so far (transferSize: headers and bodies as sent,
	// compressed if they were).
	Bytes int64
	// Resources is how many resources besides the document were loaded.
	Resources int
	// FirstPaintMS is the time from the navigation's start to the first
	// contentful paint (shown on screen), in milliseconds.
	FirstPaintMS float64
	// LoadMS is the time to the load event's end.
	LoadMS float64
}

// Metrics reads the current page's loading figures (see [Metrics]) once
// the page has loaded and its first contentful paint is reported (which
// comes after the load event on a small page). Resources include what the
// browser asks for by itself (/favicon.ico).
func (b *Browser) Metrics() Metrics {
	b.t.Helper()
	b.WaitFor(`document.readyState === "complete" && performance.getEntriesByName("first-contentful-paint").length > 0`)
	return Eval[Metrics](b, `(() => {
		const nav = performance.getEntriesByType("navigation")[0] || {};
		const res = performance.getEntriesByType("resource");
		const fcp = performance.getEntriesByName("first-contentful-paint")[0];
		return {
			Bytes: (nav.transferSize || 0) + res.reduce((n, r) => n + (r.transferSize || 0), 0),
			Resources: res.length,
			FirstPaintMS: fcp ? fcp.startTime : 0,
			LoadMS: nav.loadEventEnd || 0,
		};
	})()`)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}
