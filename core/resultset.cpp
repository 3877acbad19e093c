#include "core/resultset.h"

#include <algorithm>

namespace speeduplab {

std::vector<std::string> ResultSet::seriesKeys() const
{
    std::vector<std::string> keys;
    for (const auto &m : rows) {
        const std::string k = m.seriesKey();
        if (std::find(keys.begin(), keys.end(), k) == keys.end())
            keys.push_back(k);
    }
    return keys;
}

std::vector<Measurement> ResultSet::series(const std::string &key) const
{
    std::vector<Measurement> s;
    for (const auto &m : rows)
        if (m.seriesKey() == key)
            s.push_back(m);
    std::stable_sort(s.begin(), s.end(),
                     [](const Measurement &a, const Measurement &b) { return a.n < b.n; });
    return s;
}

} // namespace speeduplab
