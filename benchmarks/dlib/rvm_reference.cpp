/*
 * Copyright 2026 The spark-rvm authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

// The single-machine reference for the model-quality benchmark: dlib's RVM (Tipping & Faul's fast marginal
// likelihood algorithm) on the same CSV files that spark-rvm fits, with the same RBF kernel exp(-gamma |a - b|^2).
//
// Usage: rvm-reference MODE GAMMA TRAIN.csv TEST.csv
//   MODE   binary      labels 0/1, dlib::rvm_trainer (labels mapped to -1/+1)
//          regression  real labels, dlib::rvm_regression_trainer
//          multiclass  labels 0..K-1, dlib::one_vs_one_trainer over dlib::rvm_trainer (dlib has no softmax RVM)
//   CSV    a header line, then rows of numbers; the last column is the label, the others the features (already
//          standardised by the caller: this program applies no scaling).
// Prints one JSON line: {"basis":B,"error":E | "mse":M,"seconds":S,"cpu":C,"train":N,"test":T}, where B counts the
// distinct training rows kept as relevance vectors (over all pairwise functions for multiclass), E the test error
// rate, M the test mean squared error, S the training time in seconds (wall clock) and C the process's CPU seconds
// in training. Exit status 2 on bad input, with one line on stderr.
#include <dlib/svm.h>
#include <dlib/svm_threaded.h>

#include <chrono>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

typedef dlib::matrix<double, 0, 1> sample_type;
typedef dlib::radial_basis_kernel<sample_type> kernel_type;

namespace {

struct Table {
  std::vector<sample_type> x;
  std::vector<double> y;
};

Table read_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::string line;
  std::getline(in, line);  // header
  Table table;
  long width = -1;
  long number = 1;
  while (std::getline(in, line)) {
    number++;
    if (line.empty()) continue;
    std::vector<double> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) {
      char* end = nullptr;
      double v = std::strtod(cell.c_str(), &end);
      if (end == cell.c_str()) throw std::runtime_error(path + " line " + std::to_string(number) + ": '" + cell + "' is not a number");
      cells.push_back(v);
    }
    if (width < 0) width = static_cast<long>(cells.size());
    if (static_cast<long>(cells.size()) != width || width < 2)
      throw std::runtime_error(path + " line " + std::to_string(number) + ": " + std::to_string(cells.size()) + " cells, expected " + std::to_string(width));
    sample_type s(width - 1);
    for (long j = 0; j + 1 < width; j++) s(j) = cells[j];
    table.x.push_back(s);
    table.y.push_back(cells[width - 1]);
  }
  if (table.x.empty()) throw std::runtime_error(path + " has no rows");
  return table;
}

// The training rows that equal one of the basis vectors (dlib copies the samples it keeps).
template <typename Vectors>
void keep_distinct(const Vectors& basis, std::set<std::vector<double>>& kept) {
  for (long i = 0; i < basis.size(); i++) {
    std::vector<double> v(basis(i).begin(), basis(i).end());
    kept.insert(v);
  }
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double cpu_seconds_since(std::clock_t start) {
  return double(std::clock() - start) / CLOCKS_PER_SEC;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc != 5) throw std::runtime_error("usage: rvm-reference binary|regression|multiclass GAMMA TRAIN.csv TEST.csv");
    const std::string mode = argv[1];
    const double gamma = std::strtod(argv[2], nullptr);
    if (!(gamma > 0)) throw std::runtime_error(std::string("GAMMA must be a positive number, got '") + argv[2] + "'");
    Table train = read_csv(argv[3]);
    Table test = read_csv(argv[4]);
    if (train.x[0].size() != test.x[0].size()) throw std::runtime_error("TRAIN and TEST have different feature counts");
    std::set<std::vector<double>> kept;
    std::ostringstream json;
    json.precision(10);
    if (mode == "binary") {
      std::vector<double> labels;
      for (double v : train.y) {
        if (v != 0.0 && v != 1.0) throw std::runtime_error("binary labels must be 0 or 1");
        labels.push_back(v == 1.0 ? 1.0 : -1.0);
      }
      dlib::rvm_trainer<kernel_type> trainer;
      trainer.set_kernel(kernel_type(gamma));
      auto start = std::chrono::steady_clock::now();
      std::clock_t cpu_start = std::clock();
      dlib::decision_function<kernel_type> df = trainer.train(train.x, labels);
      double seconds = seconds_since(start);
      double cpu = cpu_seconds_since(cpu_start);
      keep_distinct(df.basis_vectors, kept);
      long wrong = 0;
      for (size_t i = 0; i < test.x.size(); i++) wrong += ((df(test.x[i]) > 0) != (test.y[i] == 1.0));
      json << "{\"basis\":" << kept.size() << ",\"error\":" << double(wrong) / test.x.size();
      json << ",\"seconds\":" << seconds << ",\"cpu\":" << cpu;
    } else if (mode == "regression") {
      dlib::rvm_regression_trainer<kernel_type> trainer;
      trainer.set_kernel(kernel_type(gamma));
      auto start = std::chrono::steady_clock::now();
      std::clock_t cpu_start = std::clock();
      dlib::decision_function<kernel_type> df = trainer.train(train.x, train.y);
      double seconds = seconds_since(start);
      double cpu = cpu_seconds_since(cpu_start);
      keep_distinct(df.basis_vectors, kept);
      double squares = 0;
      for (size_t i = 0; i < test.x.size(); i++) {
        double e = df(test.x[i]) - test.y[i];
        squares += e * e;
      }
      json << "{\"basis\":" << kept.size() << ",\"mse\":" << squares / test.x.size();
      json << ",\"seconds\":" << seconds << ",\"cpu\":" << cpu;
    } else if (mode == "multiclass") {
      typedef dlib::one_vs_one_trainer<dlib::any_trainer<sample_type>> ovo_trainer;
      dlib::rvm_trainer<kernel_type> rvm;
      rvm.set_kernel(kernel_type(gamma));
      ovo_trainer trainer;
      trainer.set_trainer(rvm);
      trainer.set_num_threads(1);
      auto start = std::chrono::steady_clock::now();
      std::clock_t cpu_start = std::clock();
      dlib::one_vs_one_decision_function<ovo_trainer> df = trainer.train(train.x, train.y);
      double seconds = seconds_since(start);
      double cpu = cpu_seconds_since(cpu_start);
      for (auto& pair : df.get_binary_decision_functions()) {
        keep_distinct(dlib::any_cast<dlib::decision_function<kernel_type>>(pair.second).basis_vectors, kept);
      }
      long wrong = 0;
      for (size_t i = 0; i < test.x.size(); i++) wrong += (df(test.x[i]) != test.y[i]);
      json << "{\"basis\":" << kept.size() << ",\"error\":" << double(wrong) / test.x.size();
      json << ",\"seconds\":" << seconds << ",\"cpu\":" << cpu;
    } else {
      throw std::runtime_error("MODE must be binary, regression or multiclass, got '" + mode + "'");
    }
    json << ",\"train\":" << train.x.size() << ",\"test\":" << test.x.size() << "}";
    std::cout << json.str() << std::endl;
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "rvm-reference: " << e.what() << std::endl;
    return 2;
  }
}
