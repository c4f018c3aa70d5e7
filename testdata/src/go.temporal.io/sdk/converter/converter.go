// Package converter is a stub of go.temporal.io/sdk/converter: the data
// converters, in memory and through payload codecs, one of which sends
// the payloads to a remote codec server.
package converter

import (
	"bytes"
	"encoding/json"
	"net/http"

	commonpb "go.temporal.io/api/common/v1"
)

// DataConverter converts values to payloads and back.
type DataConverter interface {
	ToPayload(value interface{}) (*commonpb.Payload, error)
	FromPayload(payload *commonpb.Payload, valuePtr interface{}) error
}

// CompositeDataConverter encodes in memory.
type CompositeDataConverter struct{ encoding string }

// ToPayload encodes value as JSON.
func (dc *CompositeDataConverter) ToPayload(value interface{}) (*commonpb.Payload, error) {
	b, err := json.Marshal(value)
	return &commonpb.Payload{Data: b}, err
}

// FromPayload decodes the payload.
func (dc *CompositeDataConverter) FromPayload(payload *commonpb.Payload, valuePtr interface{}) error {
	return json.Unmarshal(payload.GetData(), valuePtr)
}

var defaultDataConverter = &CompositeDataConverter{encoding: "json/plain"}

// GetDefaultDataConverter returns the default data converter.
func GetDefaultDataConverter() DataConverter { return defaultDataConverter }

// PayloadCodec transforms payloads.
type PayloadCodec interface {
	Encode(payloads []*commonpb.Payload) ([]*commonpb.Payload, error)
}

// CodecDataConverter runs a parent converter, then codecs.
type CodecDataConverter struct {
	parent DataConverter
	codecs []PayloadCodec
}

// NewCodecDataConverter wraps parent with codecs.
func NewCodecDataConverter(parent DataConverter, codecs ...PayloadCodec) DataConverter {
	return &CodecDataConverter{parent: parent, codecs: codecs}
}

// ToPayload converts and encodes.
func (e *CodecDataConverter) ToPayload(value interface{}) (*commonpb.Payload, error) {
	p, err := e.parent.ToPayload(value)
	if err != nil {
		return nil, err
	}
	ps := []*commonpb.Payload{p}
	for _, c := range e.codecs {
		if ps, err = c.Encode(ps); err != nil {
			return nil, err
		}
	}
	return ps[0], nil
}

// FromPayload decodes.
func (e *CodecDataConverter) FromPayload(payload *commonpb.Payload, valuePtr interface{}) error {
	return e.parent.FromPayload(payload, valuePtr)
}

// remotePayloadCodec sends payloads to a codec server.
type remotePayloadCodec struct {
	client   *http.Client
	endpoint string
}

// NewRemotePayloadCodec returns a codec that runs on a server.
func NewRemotePayloadCodec(endpoint string) PayloadCodec {
	return &remotePayloadCodec{client: http.DefaultClient, endpoint: endpoint}
}

// Encode posts the payloads to the server's /encode.
func (pc *remotePayloadCodec) Encode(payloads []*commonpb.Payload) ([]*commonpb.Payload, error) {
	body, err := json.Marshal(payloads)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest("POST", pc.endpoint+"/encode", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := pc.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out []*commonpb.Payload
	return out, json.NewDecoder(resp.Body).Decode(&out)
}
