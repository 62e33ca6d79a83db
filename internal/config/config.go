// Package config reads the process configuration from the environment once,
// at start, into a typed value that is passed down (no globals).
package config

import (
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"path/filepath"
	"strings"
	"time"

	"portal/internal/database"
)

// Config is the whole process configuration.
type Config struct {
	// Addr is where the server listens (PORTAL_ADDR, default :8080).
	Addr string
	// DataDir holds the SQLite file and other local state (PORTAL_DATA, default ./data).
	DataDir string
	// DB is an SQLite file path or a postgres:// URL (PORTAL_DB, read by
	// database.ParseDSN: sqlite:///absolute/path, sqlite:relative/path and
	// file: forms become the plain path; any other scheme is an error).
	DB string
	// Dev turns on dev mode: outbox and captcha peeking routes (PORTAL_DEV=1).
	Dev bool
	// TrustedProxies are the peers whose X-Forwarded-For is believed
	// (PORTAL_TRUSTED_PROXIES, comma-separated CIDRs or addresses).
	TrustedProxies []netip.Prefix
	// GeoIPPath is a MaxMind-format country database (PORTAL_GEOIP_DB), optional.
	GeoIPPath string
	// LogLevel is debug, info, warn or error (PORTAL_LOG_LEVEL, default info).
	LogLevel slog.Level
	// LogJSON writes JSON logs instead of text (PORTAL_LOG_FORMAT=json).
	LogJSON bool
	// WatchInterval is how often cached data checks for changes made by other
	// processes (PORTAL_WATCH_INTERVAL, default 2s; operators expect < 5 s).
	WatchInterval time.Duration
	// SMSGatewayURL is the HTTP SMS gateway's URL template with {to} and
	// {text} (PORTAL_SMS_URL); without it and outside dev mode no SMS is sent.
	SMSGatewayURL string
	// SMTP sends e-mail when SMTPAddr is set (PORTAL_SMTP_ADDR host:port,
	// PORTAL_SMTP_USER, PORTAL_SMTP_PASSWORD, PORTAL_SMTP_FROM).
	SMTPAddr, SMTPUser, SMTPPassword, SMTPFrom string
	// NoCompression leaves API answers uncompressed (PORTAL_COMPRESS=off),
	// for a deployment behind a proxy or CDN that compresses already.
	NoCompression bool
	// ProfileAddr serves Go's profiler (net/http/pprof) on a listener of its
	// own (PORTAL_PPROF, host:port). Only a loopback address is accepted:
	// profiles expose the process's internals and must never face players.
	ProfileAddr string
	// ShutdownGrace bounds how long in-flight requests may finish on stop.
	ShutdownGrace time.Duration
	// Uploads (proof images) go to an S3-compatible bucket when
	// S3Endpoint is set (PORTAL_S3_ENDPOINT https://..., PORTAL_S3_BUCKET,
	// PORTAL_S3_REGION, PORTAL_S3_PREFIX, PORTAL_S3_ACCESS_KEY,
	// PORTAL_S3_SECRET_KEY); otherwise under DataDir/uploads. Several
	// instances need the bucket.
	S3Endpoint, S3Bucket, S3Region, S3Prefix, S3AccessKey, S3SecretKey string
	// AgentRealtimePeriod shortens the real-time salary's period (spec: 5
	// minutes) for demonstrations and browser tests
	// (PORTAL_AGENT_REALTIME_PERIOD, 10s to 5m, dev mode only); 0 keeps it.
	AgentRealtimePeriod time.Duration
}

// Load reads the configuration through getenv.
func Load(getenv func(string) string) (Config, error) {
	c := Config{
		Addr:          or(getenv("PORTAL_ADDR"), ":8080"),
		DataDir:       or(getenv("PORTAL_DATA"), "./data"),
		Dev:           getenv("PORTAL_DEV") == "1" || getenv("PORTAL_DEV") == "true",
		GeoIPPath:     getenv("PORTAL_GEOIP_DB"),
		SMSGatewayURL: getenv("PORTAL_SMS_URL"),
		SMTPAddr:      getenv("PORTAL_SMTP_ADDR"),
		SMTPUser:      getenv("PORTAL_SMTP_USER"),
		SMTPPassword:  getenv("PORTAL_SMTP_PASSWORD"),
		SMTPFrom:      or(getenv("PORTAL_SMTP_FROM"), "no-reply@localhost"),
		LogJSON:       getenv("PORTAL_LOG_FORMAT") == "json",
		NoCompression: getenv("PORTAL_COMPRESS") == "off",
		ProfileAddr:   getenv("PORTAL_PPROF"),
		WatchInterval: 2 * time.Second,
		ShutdownGrace: 15 * time.Second,
		S3Endpoint:    getenv("PORTAL_S3_ENDPOINT"),
		S3Bucket:      getenv("PORTAL_S3_BUCKET"),
		S3Region:      or(getenv("PORTAL_S3_REGION"), "us-east-1"),
		S3Prefix:      getenv("PORTAL_S3_PREFIX"),
		S3AccessKey:   getenv("PORTAL_S3_ACCESS_KEY"),
		S3SecretKey:   getenv("PORTAL_S3_SECRET_KEY"),
	}
	if c.S3Endpoint != "" && c.S3Bucket == "" {
		return c, fmt.Errorf("config: PORTAL_S3_BUCKET is required with PORTAL_S3_ENDPOINT")
	}
	c.DB = or(getenv("PORTAL_DB"), filepath.Join(c.DataDir, "portal.db"))
	// A value the database cannot open as meant stops the start here, with
	// what to write instead, rather than making a file named after it.
	_, target, err := database.ParseDSN(c.DB)
	if err != nil {
		return c, fmt.Errorf("config: PORTAL_DB: %w", err)
	}
	c.DB = target
	if err := c.LogLevel.UnmarshalText([]byte(or(getenv("PORTAL_LOG_LEVEL"), "info"))); err != nil {
		return c, fmt.Errorf("config: PORTAL_LOG_LEVEL: %w", err)
	}
	if v := getenv("PORTAL_WATCH_INTERVAL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 || d > 5*time.Second {
			return c, fmt.Errorf("config: PORTAL_WATCH_INTERVAL must be a duration in (0, 5s], got %q", v)
		}
		c.WatchInterval = d
	}
	if v := getenv("PORTAL_AGENT_REALTIME_PERIOD"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 10*time.Second || d > 5*time.Minute || !c.Dev {
			return c, fmt.Errorf("config: PORTAL_AGENT_REALTIME_PERIOD must be a duration in [10s, 5m], in dev mode only, got %q", v)
		}
		c.AgentRealtimePeriod = d
	}
	if c.ProfileAddr != "" && !loopback(c.ProfileAddr) {
		return c, fmt.Errorf("config: PORTAL_PPROF must be a loopback host:port such as 127.0.0.1:6060, got %q", c.ProfileAddr)
	}
	for _, s := range strings.Split(getenv("PORTAL_TRUSTED_PROXIES"), ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		p, err := parsePrefix(s)
		if err != nil {
			return c, fmt.Errorf("config: PORTAL_TRUSTED_PROXIES: %w", err)
		}
		c.TrustedProxies = append(c.TrustedProxies, p)
	}
	return c, nil
}

func parsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		return p.Masked(), err
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// loopback tells whether hostport names a loopback address (an IP or
// "localhost"), never an empty or wildcard host.
func loopback(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
