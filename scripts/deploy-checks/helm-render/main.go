// helm-render: the parts of `helm template` and `helm lint` that the deploy checks need, for a
// machine without a helm binary. It renders a chart's templates with text/template, sprig and
// Helm's own functions (include, tpl, required, toYaml, fromYaml, toJson, fromJson, lookup,
// .Files.Get, .Capabilities.APIVersions.Has), coalesces values files the way Helm does (maps
// merge, later files win, null deletes a key), validates the values against values.schema.json
// (gojsonschema, the library Helm 3 itself used), and prints what it rendered as JSON so the
// TypeScript tests can assert on it (tests/integration/deploy/).
//
// Built with Debian's Go and Debian's packaged sources, no module download:
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go build -o helm-render ./scripts/deploy-checks/helm-render
//
// (apt-get install golang-go golang-github-masterminds-sprig-dev golang-k8s-sigs-yaml-dev
// golang-github-xeipuuv-gojsonschema-dev). Usage:
//
//	helm-render render  --chart DIR [--values FILE]... [--release NAME] [--namespace NS] [--kube-version v1.30.0] [--api-versions a,b]
//	helm-render schema  --chart DIR [--values FILE]...
//	helm-render yaml2json FILE...
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/template"

	sprig "github.com/Masterminds/sprig"
	"github.com/xeipuuv/gojsonschema"
	"sigs.k8s.io/yaml"
)

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func main() {
	if len(os.Args) < 2 {
		fail(errors.New("usage: helm-render render|schema|yaml2json ..."))
	}
	var err error
	switch os.Args[1] {
	case "render":
		err = runRender(os.Args[2:])
	case "schema":
		err = runSchema(os.Args[2:])
	case "yaml2json":
		err = runYAMLToJSON(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "helm-render: %v\n", err)
	os.Exit(1)
}

type chartFlags struct {
	chart       string
	values      stringList
	release     string
	namespace   string
	kubeVersion string
	apiVersions string
}

func parseChartFlags(name string, args []string) (*chartFlags, error) {
	f := &chartFlags{}
	set := flag.NewFlagSet(name, flag.ContinueOnError)
	set.StringVar(&f.chart, "chart", "", "chart directory")
	set.Var(&f.values, "values", "values file (repeatable; later files win)")
	set.StringVar(&f.release, "release", "fc-site", "release name")
	set.StringVar(&f.namespace, "namespace", "default", "release namespace")
	set.StringVar(&f.kubeVersion, "kube-version", "v1.30.0", "Kubernetes version for .Capabilities")
	set.StringVar(&f.apiVersions, "api-versions", "", "extra API versions for .Capabilities.APIVersions (comma separated)")
	if err := set.Parse(args); err != nil {
		return nil, err
	}
	if f.chart == "" {
		return nil, errors.New("--chart is required")
	}
	return f, nil
}

// ---- values ------------------------------------------------------------------------------

func readYAMLMap(file string) (map[string]interface{}, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	out := map[string]interface{}{}
	if len(bytes.TrimSpace(raw)) == 0 {
		return out, nil
	}
	js, err := yaml.YAMLToJSONStrict(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if string(js) == "null" {
		return out, nil
	}
	if err := json.Unmarshal(js, &out); err != nil {
		return nil, fmt.Errorf("%s: not a map: %w", file, err)
	}
	return out, nil
}

// coalesce merges src over dst as Helm does for user values over chart defaults.
func coalesce(dst, src map[string]interface{}) map[string]interface{} {
	for key, value := range src {
		if value == nil {
			delete(dst, key)
			continue
		}
		srcMap, srcIsMap := value.(map[string]interface{})
		dstMap, dstIsMap := dst[key].(map[string]interface{})
		if srcIsMap && dstIsMap {
			dst[key] = coalesce(dstMap, srcMap)
		} else {
			dst[key] = value
		}
	}
	return dst
}

func loadValues(f *chartFlags) (map[string]interface{}, error) {
	values, err := readYAMLMap(filepath.Join(f.chart, "values.yaml"))
	if err != nil {
		return nil, err
	}
	for _, file := range f.values {
		extra, err := readYAMLMap(file)
		if err != nil {
			return nil, err
		}
		values = coalesce(values, extra)
	}
	return values, nil
}

func validateValues(chart string, values map[string]interface{}) error {
	schemaPath := filepath.Join(chart, "values.schema.json")
	schema, err := os.ReadFile(schemaPath)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	doc, err := json.Marshal(values)
	if err != nil {
		return err
	}
	result, err := gojsonschema.Validate(gojsonschema.NewBytesLoader(schema), gojsonschema.NewBytesLoader(doc))
	if err != nil {
		return fmt.Errorf("values.schema.json: %w", err)
	}
	if result.Valid() {
		return nil
	}
	var problems []string
	for _, e := range result.Errors() {
		problems = append(problems, "- "+e.String())
	}
	sort.Strings(problems)
	return fmt.Errorf("values don't meet the specifications of the schema(s):\n%s", strings.Join(problems, "\n"))
}

func runSchema(args []string) error {
	f, err := parseChartFlags("schema", args)
	if err != nil {
		return err
	}
	values, err := loadValues(f)
	if err != nil {
		return err
	}
	if err := validateValues(f.chart, values); err != nil {
		return err
	}
	fmt.Println("values are valid")
	return nil
}

// ---- rendering ---------------------------------------------------------------------------

type files map[string][]byte

// Get returns a chart file's content, or "" as Helm does for a missing file.
func (f files) Get(name string) string { return string(f[name]) }

// GetBytes returns a chart file's bytes.
func (f files) GetBytes(name string) []byte { return f[name] }

type apiVersions []string

// Has tells whether the API version (group/version or group/version/Kind) is available.
func (a apiVersions) Has(v string) bool {
	for _, x := range a {
		if x == v {
			return true
		}
	}
	return false
}

func toYAML(v interface{}) string {
	data, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(data), "\n")
}

func fromYAML(s string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := yaml.Unmarshal([]byte(s), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func fromYAMLArray(s string) []interface{} {
	var a []interface{}
	if err := yaml.Unmarshal([]byte(s), &a); err != nil {
		a = []interface{}{err.Error()}
	}
	return a
}

func toJSON(v interface{}) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(data)
}

func fromJSON(s string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

type manifest struct {
	Template string      `json:"template"`
	Object   interface{} `json:"object"`
}

type renderOutput struct {
	Manifests []manifest `json:"manifests"`
	Notes     string     `json:"notes"`
}

var docSeparator = regexp.MustCompile(`(?:^|\s*\n)---\s*`)

func readChart(dir string) (meta map[string]interface{}, templates map[string]string, chartFiles files, err error) {
	chartYAML, err := readYAMLMap(filepath.Join(dir, "Chart.yaml"))
	if err != nil {
		return nil, nil, nil, err
	}
	// .Chart exposes Chart.yaml with Helm's capitalised field names.
	meta = map[string]interface{}{}
	for k, v := range chartYAML {
		meta[strings.ToUpper(k[:1])+k[1:]] = v
	}
	name, _ := meta["Name"].(string)
	if name == "" {
		return nil, nil, nil, errors.New("Chart.yaml has no name")
	}
	templates = map[string]string{}
	chartFiles = files{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, walkErr error) error {
		if walkErr != nil {
			return walkErr
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasPrefix(rel, "templates/") {
			templates[path.Join(name, rel)] = string(data)
		} else {
			chartFiles[rel] = data
		}
		return nil
	})
	return meta, templates, chartFiles, err
}

func runRender(args []string) error {
	f, err := parseChartFlags("render", args)
	if err != nil {
		return err
	}
	values, err := loadValues(f)
	if err != nil {
		return err
	}
	if err := validateValues(f.chart, values); err != nil {
		return err
	}
	meta, templates, chartFiles, err := readChart(f.chart)
	if err != nil {
		return err
	}
	chartName := meta["Name"].(string)

	versions := apiVersions{"v1", "apps/v1", "autoscaling/v2", "policy/v1", "networking.k8s.io/v1"}
	if f.apiVersions != "" {
		versions = append(versions, strings.Split(f.apiVersions, ",")...)
	}
	major, minor := "1", "30"
	if parts := strings.Split(strings.TrimPrefix(f.kubeVersion, "v"), "."); len(parts) >= 2 {
		major, minor = parts[0], parts[1]
	}
	top := map[string]interface{}{
		"Values": values,
		"Chart":  meta,
		"Release": map[string]interface{}{
			"Name": f.release, "Namespace": f.namespace, "Service": "Helm",
			"IsInstall": true, "IsUpgrade": false, "Revision": 1,
		},
		"Capabilities": map[string]interface{}{
			"KubeVersion": map[string]interface{}{"Version": f.kubeVersion, "GitVersion": f.kubeVersion, "Major": major, "Minor": minor},
			"APIVersions": versions,
			"HelmVersion": map[string]interface{}{"Version": "v3.16.0"},
		},
		"Files": chartFiles,
	}

	root := template.New("gotpl")
	funcs := sprig.TxtFuncMap()
	delete(funcs, "env")
	delete(funcs, "expandenv")
	funcs["toYaml"] = toYAML
	funcs["fromYaml"] = fromYAML
	funcs["fromYamlArray"] = fromYAMLArray
	funcs["toJson"] = toJSON
	funcs["fromJson"] = fromJSON
	funcs["lookup"] = func(string, string, string, string) (map[string]interface{}, error) {
		return map[string]interface{}{}, nil
	}
	funcs["required"] = func(message string, v interface{}) (interface{}, error) {
		if v == nil {
			return v, errors.New(message)
		}
		if s, ok := v.(string); ok && s == "" {
			return v, errors.New(message)
		}
		return v, nil
	}
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		clone, err := root.Clone()
		if err != nil {
			return "", err
		}
		t, err := clone.New("tpl").Parse(text)
		if err != nil {
			return "", fmt.Errorf("tpl: %w", err)
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return "", fmt.Errorf("tpl: %w", err)
		}
		return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
	}
	root.Funcs(funcs).Option("missingkey=zero")

	names := make([]string, 0, len(templates))
	for name := range templates {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, err := root.New(name).Parse(templates[name]); err != nil {
			return fmt.Errorf("parse %s: %w", name, err)
		}
	}

	out := renderOutput{Manifests: []manifest{}}
	for _, name := range names {
		base := path.Base(name)
		if strings.HasPrefix(base, "_") {
			continue
		}
		data := map[string]interface{}{}
		for k, v := range top {
			data[k] = v
		}
		data["Template"] = map[string]interface{}{"Name": name, "BasePath": path.Join(chartName, "templates")}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return fmt.Errorf("render %s: %w", name, err)
		}
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		if base == "NOTES.txt" {
			out.Notes = text
			continue
		}
		if !strings.HasSuffix(base, ".yaml") && !strings.HasSuffix(base, ".yml") && !strings.HasSuffix(base, ".tpl") {
			continue
		}
		for i, doc := range docSeparator.Split(text, -1) {
			if strings.TrimSpace(doc) == "" {
				continue
			}
			js, err := yaml.YAMLToJSONStrict([]byte(doc))
			if err != nil {
				return fmt.Errorf("%s (document %d) is not valid YAML: %w\n%s", name, i, err, doc)
			}
			var obj interface{}
			if err := json.Unmarshal(js, &obj); err != nil {
				return err
			}
			if obj == nil {
				continue
			}
			out.Manifests = append(out.Manifests, manifest{Template: name, Object: obj})
		}
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	return enc.Encode(out)
}

// ---- yaml2json ---------------------------------------------------------------------------

type yamlFile struct {
	File      string        `json:"file"`
	Documents []interface{} `json:"documents"`
}

func runYAMLToJSON(args []string) error {
	if len(args) == 0 {
		return errors.New("yaml2json: name at least one file")
	}
	var out []yamlFile
	for _, file := range args {
		raw, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		entry := yamlFile{File: file, Documents: []interface{}{}}
		for i, doc := range docSeparator.Split(string(raw), -1) {
			if strings.TrimSpace(doc) == "" {
				continue
			}
			js, err := yaml.YAMLToJSONStrict([]byte(doc))
			if err != nil {
				return fmt.Errorf("%s (document %d): %w", file, i, err)
			}
			var obj interface{}
			if err := json.Unmarshal(js, &obj); err != nil {
				return err
			}
			if obj != nil {
				entry.Documents = append(entry.Documents, obj)
			}
		}
		out = append(out, entry)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	return enc.Encode(out)
}
