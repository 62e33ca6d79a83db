package transferwallet

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"
)

// ErrUnanswered means the vendor gave no answer the portal can trust
// (timeout, transport error, unsigned or garbled answer): the call may or
// may not have taken effect.
var ErrUnanswered = errors.New("transferwallet: the vendor did not answer")

// Vendors is the vendors' transfer API as the service calls it.
type Vendors interface {
	Call(ctx context.Context, vendor, op string, r VendorRequest) (VendorAnswer, error)
}

// HTTPVendors calls the vendors' transfer API over HTTP, signed with each
// vendor's secret. Every vendor is reached at Base + /sim/{vendor}/transfer/
// (the simulator stands for all of them); a real vendor would have its own
// address here.
type HTTPVendors struct {
	Base   func() string
	HTTP   *http.Client
	Secret func(ctx context.Context, vendor string) (string, error)
	// Timeout bounds one call; past it the outcome is unknown. 0 is 5 s.
	Timeout time.Duration
	// set is the address given by SetBase once the process listens; it
	// wins over Base. Jobs may already be calling, hence atomic.
	set atomic.Pointer[string]
}

// SetBase points the calls at base from now on.
func (h *HTTPVendors) SetBase(base string) { h.set.Store(&base) }

func (h *HTTPVendors) base() string {
	if b := h.set.Load(); b != nil {
		return *b
	}
	if h.Base == nil {
		return ""
	}
	return h.Base()
}

// Call sends one signed call and checks the answer's signature. Any answer
// but a signed JSON one is ErrUnanswered.
func (h *HTTPVendors) Call(ctx context.Context, vendor, op string, r VendorRequest) (VendorAnswer, error) {
	secret, err := h.Secret(ctx, vendor)
	if err != nil {
		return VendorAnswer{}, err
	}
	body, err := json.Marshal(r)
	if err != nil {
		return VendorAnswer{}, err
	}
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.base()+"/sim/"+url.PathEscape(vendor)+"/transfer/"+op, bytes.NewReader(body))
	if err != nil {
		return VendorAnswer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature", Sign(secret, body))
	client := h.HTTP
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return VendorAnswer{}, fmt.Errorf("%w: %s %s: %v", ErrUnanswered, vendor, op, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 16<<10))
	if err != nil {
		return VendorAnswer{}, fmt.Errorf("%w: %s %s: %v", ErrUnanswered, vendor, op, err)
	}
	if !Verify(secret, raw, res.Header.Get("X-Signature")) {
		return VendorAnswer{}, fmt.Errorf("%w: %s %s: answer %d unsigned", ErrUnanswered, vendor, op, res.StatusCode)
	}
	var a VendorAnswer
	if err := json.Unmarshal(raw, &a); err != nil || a.Status == "" {
		return VendorAnswer{}, fmt.Errorf("%w: %s %s: answer %d unreadable", ErrUnanswered, vendor, op, res.StatusCode)
	}
	return a, nil
}

// SetVendorBase points the vendors' transfer API at base (the simulator,
// served by this very process, whose address is known only once it
// listens).
func (s *Service) SetVendorBase(base string) {
	if h, ok := s.o.Vendors.(*HTTPVendors); ok {
		h.SetBase(base)
	}
}
