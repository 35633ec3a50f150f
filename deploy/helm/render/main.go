// A stand-in for `helm template` where no helm binary can be installed (docs/adr/0030): Go's
// text/template with the sprig functions Helm ships, plus Helm's own include, toYaml and
// toJson, over the chart's values.yaml. It renders every template of the chart to stdout as
// one multi-document YAML stream, which the test validates like the plain manifests.
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go run deploy/helm/render/main.go deploy/helm/pressroom
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: render <chart dir>")
		os.Exit(2)
	}
	chart := os.Args[1]
	raw, err := os.ReadFile(filepath.Join(chart, "values.yaml"))
	check(err)
	values := map[string]interface{}{}
	check(yaml.Unmarshal(raw, &values))

	root := template.New("chart")
	funcs := sprig.TxtFuncMap()
	funcs["toYaml"] = func(v interface{}) string {
		out, err := yaml.Marshal(v)
		if err != nil {
			return ""
		}
		return strings.TrimSuffix(string(out), "\n")
	}
	funcs["toJson"] = func(v interface{}) string {
		out, err := json.Marshal(v)
		if err != nil {
			return ""
		}
		return string(out)
	}
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var buf bytes.Buffer
		err := root.ExecuteTemplate(&buf, name, data)
		return buf.String(), err
	}
	root.Funcs(funcs).Option("missingkey=zero")

	files, err := filepath.Glob(filepath.Join(chart, "templates", "*"))
	check(err)
	sort.Strings(files)
	for _, file := range files {
		text, err := os.ReadFile(file)
		check(err)
		_, err = root.New(filepath.Base(file)).Parse(string(text))
		check(err)
	}
	data := map[string]interface{}{
		"Values":  values,
		"Release": map[string]interface{}{"Name": "pressroom", "Namespace": "pressroom"},
		"Chart":   map[string]interface{}{"Name": "pressroom"},
	}
	for _, file := range files {
		name := filepath.Base(file)
		if strings.HasPrefix(name, "_") {
			continue
		}
		var buf bytes.Buffer
		check(root.ExecuteTemplate(&buf, name, data))
		fmt.Printf("---\n# Source: %s\n%s\n", name, buf.String())
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
