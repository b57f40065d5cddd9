package main

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// metrics are the program's Prometheus metrics, in a registry of its own
// (not the global default), served on /metrics by promhttp. Every metric
// is there from the start: its series for each platform running (and each
// kind, mover...) at 0, so that a scrape before the first request sees
// them all. docs/operations.md (Metrics) lists them.
//
// It implements bot.Metrics; its platforms' entries implement the
// adapters' Metrics. The series those hooks touch are resolved once, at
// start, so that recording a move costs an Observe and no allocation.
type metrics struct {
	reg *prometheus.Registry

	requests     *prometheus.CounterVec   // platform, kind
	private      prometheus.Counter       // replies only the requester sees
	render       *prometheus.HistogramVec // kind
	renderErrors *prometheus.CounterVec   // kind
	moveCommit   *prometheus.HistogramVec // platform, mover
	moveDelivery *prometheus.HistogramVec // platform
	rateLimited  *prometheus.CounterVec   // platform
	retries      *prometheus.CounterVec   // platform
	deduplicated *prometheus.CounterVec   // platform

	// renderOK and renderErr are the series of bot.RenderBoard and
	// bot.RenderAnimation, in that order.
	renderOK  [2]prometheus.Observer
	renderErr [2]prometheus.Counter
	// platforms holds the series of each platform running; it is not
	// changed after newMetrics.
	platforms map[string]*platformMetrics
	order     []*platformMetrics
}

// requestKinds are the kinds of chat request counted per platform.
var requestKinds = []string{"command", "button"}

// Movers label mancala_move_commit_seconds: whose move was committed.
const (
	moverPlayer = "player"
	moverBot    = "bot"
)

// Histogram buckets, in seconds.
var (
	// moveBuckets: a player's move is a few milliseconds of database
	// work; the bot's includes its thinking (up to 2 s by default).
	moveBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}
	// deliveryBuckets: a chat's pacing (a message every 3 s in a
	// Telegram group) and 429 waits (up to minutes) add up here.
	deliveryBuckets = []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300}
	// renderBuckets: a board image takes milliseconds, an animation
	// tens of them.
	renderBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}
)

// platformMetrics are one platform's series. It implements
// telegram.Metrics and discord.Metrics (which has no Deduplicated); its Delivered is the terminal
// chat's hook.
type platformMetrics struct {
	name         string
	requests     [2]prometheus.Counter // by requestKinds
	movePlayer   prometheus.Observer
	moveBot      prometheus.Observer
	delivery     prometheus.Observer
	rateLimited  prometheus.Counter
	retries      prometheus.Counter
	deduplicated prometheus.Counter
	// queues reads the platform adapter's queues (telegram.Adapter's
	// Queues); nil until the adapter runs, and for platforms whose
	// replies do not queue.
	queues atomic.Pointer[func() telegram.QueueStats]
}

func (p *platformMetrics) Delivered(d time.Duration) { p.delivery.Observe(d.Seconds()) }
func (p *platformMetrics) RateLimited()              { p.rateLimited.Inc() }
func (p *platformMetrics) Retried()                  { p.retries.Inc() }
func (p *platformMetrics) Deduplicated()             { p.deduplicated.Inc() }

// newMetrics registers the metrics, with series for each of the platforms
// running.
func newMetrics(outbox outboxReader, platforms ...string) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mancala_requests_total",
			Help: "Chat requests handled, by platform and kind (command or button).",
		}, []string{"platform", "kind"}),
		private: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mancala_replies_private_total",
			Help: "Replies only the requester sees (refusals, errors).",
		}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "mancala_render_seconds",
			Help:    "Time to draw and encode an image: a board (PNG) or a move's replay (GIF).",
			Buckets: renderBuckets,
		}, []string{"kind"}),
		renderErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mancala_render_errors_total",
			Help: "Images that failed to render, by kind (board or animation).",
		}, []string{"kind"}),
		moveCommit: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "mancala_move_commit_seconds",
			Help:    "Time from a request's arrival to the commit of a move it led to, by platform and mover (player or bot).",
			Buckets: moveBuckets,
		}, []string{"platform", "mover"}),
		moveDelivery: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "mancala_move_delivery_seconds",
			Help:    "Time from a move's commit to the platform's confirmation of the reply showing the new board (terminal: its write).",
			Buckets: deliveryBuckets,
		}, []string{"platform"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mancala_rate_limited_total",
			Help: "429 Too Many Requests answers from the platform's API.",
		}, []string{"platform"}),
		retries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mancala_retries_total",
			Help: "Platform API calls sent again (after a 429, a 5xx or a network error).",
		}, []string{"platform"}),
		deduplicated: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mancala_events_deduplicated_total",
			Help: "Platform events dropped as already handled: delivered again, or to another process on the same database first.",
		}, []string{"platform"}),
		platforms: map[string]*platformMetrics{},
	}
	for i, k := range []string{bot.RenderBoard, bot.RenderAnimation} {
		m.renderOK[i] = m.render.WithLabelValues(k)
		m.renderErr[i] = m.renderErrors.WithLabelValues(k)
	}
	for _, name := range platforms {
		if _, dup := m.platforms[name]; dup {
			continue
		}
		p := &platformMetrics{
			name:         name,
			movePlayer:   m.moveCommit.WithLabelValues(name, moverPlayer),
			moveBot:      m.moveCommit.WithLabelValues(name, moverBot),
			delivery:     m.moveDelivery.WithLabelValues(name),
			rateLimited:  m.rateLimited.WithLabelValues(name),
			retries:      m.retries.WithLabelValues(name),
			deduplicated: m.deduplicated.WithLabelValues(name),
		}
		for i, k := range requestKinds {
			p.requests[i] = m.requests.WithLabelValues(name, k)
		}
		m.platforms[name] = p
		m.order = append(m.order, p)
	}
	m.reg.MustRegister(m.requests, m.private, m.render, m.renderErrors, m.moveCommit, m.moveDelivery,
		m.rateLimited, m.retries, m.deduplicated, queueCollector{m.order}, outboxCollector{outbox},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// platform returns the series of a platform running (nil for another).
func (m *metrics) platform(name string) *platformMetrics { return m.platforms[name] }

// handler serves the registry in the Prometheus text format (or another
// format the scraper asks for).
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// MoveCommitted implements bot.Metrics.
func (m *metrics) MoveCommitted(platform string, byBot bool, d time.Duration) {
	if p := m.platforms[platform]; p != nil {
		if byBot {
			p.moveBot.Observe(d.Seconds())
		} else {
			p.movePlayer.Observe(d.Seconds())
		}
		return
	}
	// A game of a platform not running now (Tick finishing the bot's move).
	mover := moverPlayer
	if byBot {
		mover = moverBot
	}
	m.moveCommit.WithLabelValues(platform, mover).Observe(d.Seconds())
}

// Deduplicated implements bot.Metrics: an event the bot dropped as claimed
// before (by this process or another on the database) counts with the
// adapters' own drops in mancala_events_deduplicated_total.
func (m *metrics) Deduplicated(platform string) {
	if p := m.platforms[platform]; p != nil {
		p.Deduplicated()
		return
	}
	m.deduplicated.WithLabelValues(platform).Inc()
}

// Rendered implements bot.Metrics.
func (m *metrics) Rendered(kind string, d time.Duration, err error) {
	i := 0
	switch kind {
	case bot.RenderBoard:
	case bot.RenderAnimation:
		i = 1
	default:
		if err != nil {
			m.renderErrors.WithLabelValues(kind).Inc()
		} else {
			m.render.WithLabelValues(kind).Observe(d.Seconds())
		}
		return
	}
	if err != nil {
		m.renderErr[i].Inc()
		return
	}
	m.renderOK[i].Observe(d.Seconds())
}

// queueCollector reports what waits in the platforms' queues, read from
// the adapters at each scrape: 0 for a platform whose replies do not
// queue (Discord and the terminal send them at once).
type queueCollector struct{ platforms []*platformMetrics }

var (
	sendQueueDesc = prometheus.NewDesc("mancala_send_queue_depth",
		"Replies waiting in the platform's send queues (every chat's) to be sent by this process.", []string{"platform"}, nil)
	sendQueueAgeDesc = prometheus.NewDesc("mancala_send_queue_oldest_seconds",
		"How long the oldest reply waiting in the platform's send queues has waited (0 when none waits).", []string{"platform"}, nil)
	updateQueueDesc = prometheus.NewDesc("mancala_update_queue_depth",
		"Platform events received and waiting to be handled (every chat's queue).", []string{"platform"}, nil)
)

func (c queueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- sendQueueDesc
	ch <- sendQueueAgeDesc
	ch <- updateQueueDesc
}

func (c queueCollector) Collect(ch chan<- prometheus.Metric) {
	for _, p := range c.platforms {
		var s telegram.QueueStats
		if f := p.queues.Load(); f != nil {
			s = (*f)()
		}
		ch <- prometheus.MustNewConstMetric(sendQueueDesc, prometheus.GaugeValue, float64(s.Replies), p.name)
		ch <- prometheus.MustNewConstMetric(sendQueueAgeDesc, prometheus.GaugeValue, s.OldestReply.Seconds(), p.name)
		ch <- prometheus.MustNewConstMetric(updateQueueDesc, prometheus.GaugeValue, float64(s.Updates), p.name)
	}
}

// outboxReader is the database's view of the outbox (store.Store.Outbox).
type outboxReader interface {
	Outbox(ctx context.Context) (store.OutboxStats, error)
}

// outboxCollector reports the outbox (the boards owed to channels, see
// bot.Owed), read from the database at each scrape: it is shared by every
// process on the database. A read that fails reports nothing (the
// scrape shows the series missing, and /readyz says why).
type outboxCollector struct{ db outboxReader }

// outboxReadTimeout bounds the outbox's read at a scrape.
const outboxReadTimeout = time.Second

var (
	outboxDepthDesc = prometheus.NewDesc("mancala_outbox_depth",
		"Boards owed to channels (the transactional outbox, shared by every process on the database) not yet confirmed shown.", nil, nil)
	outboxAgeDesc = prometheus.NewDesc("mancala_outbox_oldest_seconds",
		"How long ago the oldest board still owed was committed (0 when none is owed).", nil, nil)
)

func (c outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxDepthDesc
	ch <- outboxAgeDesc
}

func (c outboxCollector) Collect(ch chan<- prometheus.Metric) {
	if c.db == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), outboxReadTimeout)
	defer cancel()
	st, err := c.db.Outbox(ctx)
	if err != nil {
		return
	}
	age := 0.0
	if st.Owed > 0 {
		age = max(0, time.Since(st.Oldest).Seconds())
	}
	ch <- prometheus.MustNewConstMetric(outboxDepthDesc, prometheus.GaugeValue, float64(st.Owed))
	ch <- prometheus.MustNewConstMetric(outboxAgeDesc, prometheus.GaugeValue, age)
}

// countingHandler counts the requests and private replies of a bot.
type countingHandler struct {
	bot     *bot.Bot
	metrics *metrics
}

func (h countingHandler) Handle(ctx context.Context, req bot.Request) []bot.Reply {
	kind := 0 // command
	if req.Button != "" {
		kind = 1
	}
	if p := h.metrics.platforms[req.Platform]; p != nil {
		p.requests[kind].Inc()
	} else {
		h.metrics.requests.WithLabelValues(req.Platform, requestKinds[kind]).Inc()
	}
	replies := h.bot.Handle(ctx, req)
	for _, r := range replies {
		if r.Private {
			h.metrics.private.Inc()
		}
	}
	return replies
}
